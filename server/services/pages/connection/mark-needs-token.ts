import { db } from "@/server/db";
import { sendPageNeedsTokenMail } from "@/server/integrations/mail/mailer";
import { mailPageAdmins } from "@/server/services/pages/mail-page-admins";

/**
 * Facebook answered 190 to `call` ("POST /messages", "GET /me" …) for this page: it needs a new token.
 * Only the transition mails the company admins — the conditional update lets exactly one caller win, so a
 * burst of failed sends still makes one e-mail.
 */
export async function markNeedsToken(pageId: string, call: string): Promise<void> {
  const { count } = await db.page.updateMany({
    where: { id: pageId, tokenStatus: { not: "needs_token" } },
    data: { tokenStatus: "needs_token", tokenErrorAt: new Date(), tokenErrorCall: call },
  });
  if (count === 0) return;
  await mailPageAdmins(pageId, "needs-token", (to, page) => sendPageNeedsTokenMail(to, page, call));
}
