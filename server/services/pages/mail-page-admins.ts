import { db } from "@/server/db";
import { logger } from "@/server/observability/log";
import { rolesWith } from "@/lib/access/roles";

export type MailedPage = { name: string; facebookPageId: string; companyId: string };

/** The active users of a company who get its alerts (the access table's `companyAlerts` trait). */
export async function alertedEmails(companyId: string): Promise<string[]> {
  const admins = await db.user.findMany({ where: { companyId, role: { in: rolesWith("companyAlerts") }, isActive: true }, select: { email: true } });
  return admins.map((a) => a.email);
}

/**
 * Mails a Page's state change (token lost, Meta's policy) to its company's admins. The state is what matters
 * (every Page screen and the banner show it): a lost mail is logged and never fails the caller.
 */
export async function mailPageAdmins(pageId: string, what: string, send: (to: string[], page: MailedPage) => Promise<void>): Promise<void> {
  const page = await db.page.findUnique({ where: { id: pageId }, select: { name: true, facebookPageId: true, companyId: true } });
  if (!page) return;
  try {
    await send(await alertedEmails(page.companyId), page);
  } catch (error) {
    logger().warn({ pageId, err: (error as Error).message }, `${what} e-mail failed`);
  }
}
