import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/server/env";

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
    console.log(`[switchboard] ===== SIGN-IN CODE for ${email}: ${code} (valid ${minutes} min; set SMTP_URL to e-mail it) =====`);
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
    console.log(`[switchboard] page ${page.facebookPageId} needs a new token; would mail ${to.join(", ")} (set SMTP_URL)`);
    return;
  }
  await smtp.sendMail({ from: env().MAIL_FROM, to, subject: `Action needed: reconnect the Facebook page "${page.name}"`, text });
}
