import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { findViolations } from "@/lib/whitelist/match";
import { VIOLATION_ERROR } from "@/server/services/outbound/send-message";

type Page = { id: string; name: string; companyId: string };

/**
 * The whitelist applies to offers as to every outgoing text (docs/SECURITY.md): an offer with unapproved links is
 * refused at scheduling — 400 {error, urls} — and the attempt goes to the company's violation log. There
 * is no conversation to flag, so nothing else is stored.
 */
export async function refuseUnapprovedLinks(actor: Actor, page: Page, text: string): Promise<void> {
  const patterns = (await db.whitelistEntry.findMany({ where: { companyId: page.companyId }, select: { url: true } })).map((e) => e.url);
  const urls = findViolations(text, patterns);
  if (!urls.length) return;
  await db.violation.create({
    data: { companyId: page.companyId, userId: actor.id, userName: actor.name, pageId: page.id, pageName: page.name, urls, message: text },
  });
  throw new AppError("bad_request", VIOLATION_ERROR, { urls });
}
