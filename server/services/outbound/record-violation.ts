import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { extractLinks } from "@/lib/whitelist/extract";
import { findViolations } from "@/lib/whitelist/match";

type Context = { actor: Actor; companyId: string; page: { id: string; name: string; facebookPageId: string }; conversationId: string; text: string };

/** The links of `text` the company's whitelist does not allow; none read when the text has no link. */
export async function blockedLinks(companyId: string, text: string): Promise<string[]> {
  // Most replies carry no link: nothing to check, and no read of the whitelist on the reply's path.
  if (!extractLinks(text).length) return [];
  const patterns = (await db.whitelistEntry.findMany({ where: { companyId }, select: { url: true } })).map((e) => e.url);
  return findViolations(text, patterns);
}

/**
 * The server-side whitelist check of every outgoing text (docs/SECURITY.md). A blocked message is kept, flagged,
 * so the thread shows it in red, and the attempt is logged for the company's violation log.
 */
export async function checkOutgoingLinks({ actor, companyId, page, conversationId, text }: Context) {
  const urls = await blockedLinks(companyId, text);
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

/** The same check for an answer to a comment (public or private): nothing is sent, the attempt is logged. */
export async function checkCommentLinks({ actor, companyId, page, text }: Omit<Context, "conversationId">): Promise<string[] | null> {
  const urls = await blockedLinks(companyId, text);
  if (!urls.length) return null;
  await db.violation.create({ data: { companyId, userId: actor.id, userName: actor.name, pageId: page.id, pageName: page.name, urls, message: text } });
  return urls;
}
