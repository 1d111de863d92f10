import { db } from "@/server/db";
import { sendPageNeedsTokenMail } from "@/server/integrations/mail/mailer";
import { logger } from "@/server/observability/log";
import { rolesWith } from "@/lib/access/roles";

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
  const page = await db.page.findUnique({ where: { id: pageId }, select: { name: true, facebookPageId: true, companyId: true } });
  if (!page) return;
  const admins = await db.user.findMany({ where: { companyId: page.companyId, role: { in: rolesWith("companyAlerts") }, isActive: true }, select: { email: true } });
  try {
    await sendPageNeedsTokenMail(
      admins.map((a) => a.email),
      page,
      call,
    );
  } catch (error) {
    // The state is what matters (it shows on every Page screen); a lost mail must not fail the caller.
    logger().warn(`page ${pageId}: needs-token mail failed: ${(error as Error).message}`);
  }
}
