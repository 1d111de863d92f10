import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { findVisibleComment } from "@/server/access/comments";
import { replyToComment } from "@/server/integrations/meta/graph-comments";
import { replyToMention } from "@/server/integrations/meta/graph-mentions";
import { decryptSecret } from "@/server/security/secret-box";
import { checkCommentLinks } from "@/server/services/outbound/record-violation";
import { VIOLATION_ERROR } from "@/server/services/outbound/send-message";
import { commentActionFailure } from "@/server/services/comments/graph-failure";
import { announceComment } from "@/server/services/comments/announce";
import { assertMayAnswer } from "@/server/services/comments/may-answer";
import { commentSelect, toApiComment } from "@/server/services/comments/serialize";

/**
 * POST /api/comments/{id}/reply: the Page answers under the comment, in public. Our answer is stored at
 * once as the Page's comment; Meta's echo of it (a feed `add` from the Page) then finds that row. An
 * Instagram @mention is answered through the account's /mentions edge (someone else's media sends no echo).
 */
export async function replyPublicly(actor: Actor, id: string, text: string) {
  const comment = await findVisibleComment(actor, id);
  assertMayAnswer(comment);
  const { page } = comment;
  const urls = await checkCommentLinks({ actor, companyId: page.companyId, page, text });
  if (urls) throw new AppError("unprocessable", VIOLATION_ERROR, { urls });
  let replyId: string;
  try {
    const token = decryptSecret(page.accessTokenEnc);
    replyId = comment.mention ? await answerMention(comment, page.id, token, text) : await replyToComment(comment.channel, comment.externalId, token, text);
  } catch (error) {
    throw await commentActionFailure(page.id, comment.mention ? "POST /mentions" : "POST /comments", error);
  }
  const now = new Date();
  const key = { pageId_externalId: { pageId: page.id, externalId: replyId } };
  await db.comment.createMany({
    data: [{ pageId: page.id, postId: comment.postId, channel: comment.channel, externalId: replyId, parentExternalId: comment.externalId, authorId: page.facebookPageId, authorName: page.name, fromPage: true, text, createdTime: now, mention: comment.mention }],
    skipDuplicates: true,
  });
  await db.comment.updateMany({ where: { id: comment.id, answeredAt: null }, data: { answeredAt: now } });
  const [reply, answered] = await Promise.all([db.comment.findUniqueOrThrow({ where: key, select: commentSelect }), db.comment.findUniqueOrThrow({ where: { id: comment.id }, select: commentSelect })]);
  await Promise.all([announceComment(page.id, reply), announceComment(page.id, answered)]);
  return { reply: toApiComment(reply), comment: toApiComment(answered) };
}

/** POST /{ig-user-id}/mentions: under the mentioning comment, or on the media whose caption mentions us. */
async function answerMention(comment: { mention: string | null; externalId: string; postId: string }, pageId: string, token: string, text: string): Promise<string> {
  const [post, account] = await Promise.all([
    db.post.findUniqueOrThrow({ where: { id: comment.postId }, select: { externalId: true } }),
    db.instagramAccount.findUnique({ where: { pageId }, select: { instagramId: true } }),
  ]);
  if (!account) throw new AppError("unprocessable", "This Page has no Instagram account linked any more.");
  return replyToMention(account.instagramId, { mediaId: post.externalId, ...(comment.mention === "comment" ? { commentId: comment.externalId } : {}) }, token, text);
}
