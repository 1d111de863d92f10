import { db } from "@/server/db";
import type { Actor } from "@/server/auth/actor";
import { extractLinks } from "@/lib/whitelist/extract";
import { findViolations } from "@/lib/whitelist/match";

type Context = { actor: Actor; companyId: string; page: { id: string; name: string; facebookPageId: string }; conversationId: string; text: string };

/**
 * The server-side whitelist check of every outgoing text (docs/SECURITY.md). A blocked message is kept, flagged,
 * so the thread shows it in red, and the attempt is logged for the company's violation log.
 */
export async function checkOutgoingLinks({ actor, companyId, page, conversationId, text }: Context) {
  // Most replies carry no link: nothing to check, and no read of the whitelist on the reply's path.
  if (!extractLinks(text).length) return null;
  const patterns = (await db.whitelistEntry.findMany({ where: { companyId }, select: { url: true } })).map((e) => e.url);
  const urls = findViolations(text, patterns);
  if (!urls.length) return null;
  const [message] = await db.$transaction([
    db.message.create({
      data: { conversationId, direction: "outbound", senderId: page.facebookPageId, authorId: actor.id, text, isViolation: true, sendStatus: "blocked", createdTime: new Date() },
    }),
    db.violation.create({
      data: { companyId, userId: actor.id, userName: actor.name, pageId: page.id, pageName: page.name, conversationId, urls, message: text },
    }),
  ]);
  return { urls, messageId: message.id };
}
