import { db } from "@/server/db";
import type { Actor } from "@/server/auth/actor";
import { AppError } from "@/server/http/errors";
import { findVisibleComment } from "@/server/access/comments";
import { replyToComment } from "@/server/integrations/meta/graph-comments";
import { decryptSecret } from "@/server/security/secret-box";
import { checkCommentLinks } from "@/server/services/outbound/record-violation";
import { VIOLATION_ERROR } from "@/server/services/outbound/send-message";
import { commentActionFailure } from "@/server/services/comments/graph-failure";
import { announceComment } from "@/server/services/comments/announce";
import { assertMayAnswer } from "@/server/services/comments/may-answer";
import { commentSelect, toApiComment } from "@/server/services/comments/serialize";

/**
 * POST /api/comments/{id}/reply: the Page answers under the comment, in public. Our answer is stored at
 * once as the Page's comment; Meta's echo of it (a feed `add` from the Page) then finds that row.
 */
export async function replyPublicly(actor: Actor, id: string, text: string) {
  const comment = await findVisibleComment(actor, id);
  assertMayAnswer(comment);
  const { page } = comment;
  const urls = await checkCommentLinks({ actor, companyId: page.companyId, page, text });
  if (urls) throw new AppError("unprocessable", VIOLATION_ERROR, { urls });
  let replyId: string;
  try {
    replyId = await replyToComment(comment.channel, comment.externalId, decryptSecret(page.accessTokenEnc), text);
  } catch (error) {
    throw await commentActionFailure(page.id, "POST /comments", error);
  }
  const now = new Date();
  const key = { pageId_externalId: { pageId: page.id, externalId: replyId } };
  await db.comment.createMany({
    data: [{ pageId: page.id, postId: comment.postId, channel: comment.channel, externalId: replyId, parentExternalId: comment.externalId, authorId: page.facebookPageId, authorName: page.name, fromPage: true, text, createdTime: now }],
    skipDuplicates: true,
  });
  await db.comment.updateMany({ where: { id: comment.id, answeredAt: null }, data: { answeredAt: now } });
  const [reply, answered] = await Promise.all([db.comment.findUniqueOrThrow({ where: key, select: commentSelect }), db.comment.findUniqueOrThrow({ where: { id: comment.id }, select: commentSelect })]);
  await Promise.all([announceComment(page.id, reply), announceComment(page.id, answered)]);
  return { reply: toApiComment(reply), comment: toApiComment(answered) };
}
