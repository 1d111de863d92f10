import { db } from "@/server/db";
import { fetchMentionedComment, fetchMentionedMedia, type MentionedMedia } from "@/server/integrations/meta/graph-mentions";
import { decryptSecret } from "@/server/security/secret-box";
import { logger } from "@/server/observability/log";
import { announceComment } from "@/server/services/comments/announce";
import { commentSelect } from "@/server/services/comments/serialize";

/**
 * An Instagram @mention's text, author and media, read from Graph once its webhook stored the row (which
 * names only ids, so the row is shown at once as "Instagram user"). Not on the webhook's path; a failure
 * leaves the row as it was (the agent still sees that the account was mentioned, and can answer).
 */
export function fillMentionLater(commentId: string): void {
  void fillMention(commentId).catch((error: Error) => logger().warn(`mention ${commentId} not read: ${error.message}`));
}

const mediaFields = (media: MentionedMedia) => ({ text: media.caption, pictureUrl: media.mediaUrl, ...(media.permalink ? { permalink: media.permalink } : {}) });
const author = (username: string | null) => (username ? { authorName: `@${username}` } : {});
const when = (timestamp: string | null) => (timestamp && !Number.isNaN(Date.parse(timestamp)) ? { createdTime: new Date(timestamp) } : {});

async function fillMention(commentId: string): Promise<void> {
  const row = await db.comment.findUnique({
    where: { id: commentId },
    select: { externalId: true, mention: true, postId: true, page: { select: { id: true, accessTokenEnc: true, instagram: { select: { instagramId: true } } } } },
  });
  const igUserId = row?.page.instagram?.instagramId;
  if (!row || !igUserId) return;
  const token = decryptSecret(row.page.accessTokenEnc);
  if (row.mention === "caption") {
    const media = await fetchMentionedMedia(igUserId, row.externalId, token);
    await db.post.update({ where: { id: row.postId }, data: mediaFields(media) });
    // The row stands for the caption: its text is the caption, its author the media's owner.
    await db.comment.update({ where: { id: commentId }, data: { text: media.caption ?? "", ...author(media.username), ...when(media.timestamp) } });
  } else {
    const comment = await fetchMentionedComment(igUserId, row.externalId, token);
    if (comment.media) await db.post.update({ where: { id: row.postId }, data: mediaFields(comment.media) });
    await db.comment.update({ where: { id: commentId }, data: { text: comment.text, ...author(comment.username), ...when(comment.timestamp) } });
  }
  const filled = await db.comment.findUnique({ where: { id: commentId }, select: commentSelect });
  if (filled) await announceComment(row.page.id, filled);
}
