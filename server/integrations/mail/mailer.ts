import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/server/env";
import { logger } from "@/server/observability/log";

// Sign-in codes go out by SMTP. Without SMTP_URL (development only; env.ts refuses production without it)
// the code is printed on the server console in one clearly marked line.

let transport: Transporter | undefined;

function transporter(): Transporter | undefined {
  const url = env().SMTP_URL;
  if (!url) return undefined;
  transport ??= nodemailer.createTransport(url);
  return transport;
}

export async function sendSignInCode(email: string, code: string): Promise<void> {
  const smtp = transporter();
  const minutes = env().OTP_TTL_MINUTES;
  if (!smtp) {
    logger().info(`===== SIGN-IN CODE for ${email}: ${code} (valid ${minutes} min; set SMTP_URL to e-mail it) =====`);
    return;
  }
  await smtp.sendMail({
    from: env().MAIL_FROM,
    to: email,
    subject: `${code} is your Switchboard sign-in code`,
    text: `Your Switchboard sign-in code is ${code}.\n\nIt expires in ${minutes} minutes and works once. If you did not ask for it, ignore this e-mail.`,
    html: `<p>Your Switchboard sign-in code is</p><p style="font-size:28px;font-weight:700;letter-spacing:6px">${code}</p><p>It expires in ${minutes} minutes and works once. If you did not ask for it, ignore this e-mail.</p>`,
  });
}

/** Once per page, when Facebook starts refusing its token (error 190): the company admins must reconnect it. */
export async function sendPageNeedsTokenMail(to: string[], page: { name: string; facebookPageId: string }, call: string): Promise<void> {
  if (to.length === 0) return;
  const smtp = transporter();
  const link = `${env().APP_URL}/company/fb-pages`;
  const text = [
    `Facebook refused the access token of your page "${page.name}" (ID ${page.facebookPageId}) on ${call}.`,
    "Until the page is reconnected, messages cannot be sent from it and its inbox may miss new conversations.",
    `Reconnect it or enter a new Page access token at ${link}.`,
  ].join("\n\n");
  if (!smtp) {
    logger().info(`page ${page.facebookPageId} needs a new token; would mail ${to.join(", ")} (set SMTP_URL)`);
    return;
  }
  await smtp.sendMail({ from: env().MAIL_FROM, to, subject: `Action needed: reconnect the Facebook page "${page.name}"`, text });
}

/**
 * Once per messaging_policy_enforcement event (block or warning) of a page: Meta's reason, as Meta wrote
 * it, and what it means for sending.
 */
export async function sendPagePolicyMail(to: string[], page: { name: string; facebookPageId: string }, action: "block" | "warning", reason: string | null): Promise<void> {
  if (to.length === 0) return;
  const smtp = transporter();
  const link = `${env().APP_URL}/company/fb-pages`;
  const blocked = action === "block";
  const text = [
    blocked
      ? `Meta has blocked messaging for your page "${page.name}" (ID ${page.facebookPageId}).`
      : `Meta has warned your page "${page.name}" (ID ${page.facebookPageId}) about a Messenger policy violation.`,
    `Meta's reason: ${reason ?? "(none given)"}`,
    blocked
      ? "Switchboard has paused every message and offer from this page until Meta lifts the block; it resumes by itself when Meta does."
      : "Nothing is paused yet. Fix the cause, or Meta may block the page's messaging.",
    `The page's health: ${link}`,
  ].join("\n\n");
  if (!smtp) {
    logger().info({ facebookPageId: page.facebookPageId, action, to }, "Meta policy enforcement: no SMTP_URL, e-mail not sent");
    return;
  }
  const subject = blocked ? `Meta blocked messaging for the Facebook page "${page.name}"` : `Meta warned the Facebook page "${page.name}"`;
  await smtp.sendMail({ from: env().MAIL_FROM, to, subject, text });
}

/**
 * The response targets' breach e-mail (docs/PRODUCT.md §13.3): the conversations of one company that went past
 * their due time since the last sweep, each in one e-mail only (the sweep marks them first).
 */
export async function sendResponseBreachMail(to: string[], breaches: { customerName: string; pageName: string; dueAt: Date; first: boolean }[]): Promise<void> {
  if (to.length === 0 || breaches.length === 0) return;
  const smtp = transporter();
  const lines = breaches.map((b) => `- ${b.customerName} on ${b.pageName}: ${b.first ? "first" : "next"} response was due ${b.dueAt.toISOString()} (UTC)`);
  const subject = breaches.length === 1 ? `${breaches[0]!.customerName} is waiting past the response target` : `${breaches.length} conversations are waiting past the response target`;
  const text = [`These conversations missed their response target and still wait for a reply:`, lines.join("\n"), `Answer them at ${env().APP_URL}/chats (filter: Breaching soon).`, "You get one e-mail per missed target; switch these e-mails off under Reports → Response targets."].join("\n\n");
  if (!smtp) {
    logger().info({ to, breaches: breaches.length }, "response targets missed: no SMTP_URL, e-mail not sent");
    return;
  }
  await smtp.sendMail({ from: env().MAIL_FROM, to, subject, text });
}
