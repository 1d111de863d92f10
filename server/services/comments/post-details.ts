import { db } from "@/server/db";
import { fetchPostDetails } from "@/server/integrations/meta/graph-comments";
import { decryptSecret } from "@/server/security/secret-box";
import { logger } from "@/server/observability/log";
import { announceComment } from "@/server/services/comments/announce";
import { commentSelect } from "@/server/services/comments/serialize";

/**
 * A post's text, picture and link, read from Graph once its first comment created it. Not on the comment's
 * path: the comment is shown at once, the post's details follow; a failure leaves them empty (the view
 * shows the post's link), and the next new post tries again for its own. Once read, the post is announced
 * again (with its newest comment): a view that fetched it before the details were in shows them too.
 */
export function fillPostDetailsLater(postId: string): void {
  void fillPostDetails(postId).catch((error: Error) => logger().warn(`post details for ${postId} not read: ${error.message}`));
}

async function fillPostDetails(postId: string): Promise<void> {
  const post = await db.post.findUnique({ where: { id: postId }, select: { pageId: true, externalId: true, channel: true, permalink: true, page: { select: { accessTokenEnc: true } } } });
  if (!post) return;
  const details = await fetchPostDetails(post.channel, post.externalId, decryptSecret(post.page.accessTokenEnc));
  await db.post.update({ where: { id: postId }, data: { text: details.text, pictureUrl: details.pictureUrl, permalink: details.permalink ?? post.permalink } });
  const newest = await db.comment.findFirst({ where: { postId }, orderBy: [{ createdTime: "desc" }, { id: "desc" }], select: commentSelect });
  if (newest) await announceComment(post.pageId, newest);
}
