import { db } from "@/server/db";
import type { CommentEvent } from "@/server/integrations/meta/webhook-body";
import { accountOf, channelOf, type IngestPage } from "@/server/services/inbound/ingest-context";
import { announceComment } from "@/server/services/comments/announce";
import { fillPostDetailsLater } from "@/server/services/comments/post-details";
import { fillMentionLater } from "@/server/services/comments/mention-details";
import { commentSelect } from "@/server/services/comments/serialize";

// A comment change from the webhook (server/integrations/meta/webhook-changes.ts) → its row, once per Meta
// comment id: a redelivered `add` finds the row and changes nothing; an edit, a removal or a hide updates
// it (and creates it, if its `add` never reached us). The post is created by its first comment; its text
// and picture are read from Graph after. Every change is announced to the Page's room. An Instagram @mention
// comes as an `add` with ids only: its row is shown at once, its text, author and media read after.

export async function handleCommentEvent(page: IngestPage, event: CommentEvent): Promise<void> {
  if (channelOf(page) !== event.channel) return; // an Instagram body for a Page whose Instagram is off, or the reverse
  const at = new Date(event.timestamp);
  const { post, created: newPost } = await findOrCreatePost(page, event, at);
  const key = { pageId_externalId: { pageId: page.id, externalId: event.commentId } };
  const fromPage = event.from?.id === accountOf(page);
  const fields = {
    pageId: page.id,
    postId: post.id,
    channel: event.channel,
    externalId: event.commentId,
    parentExternalId: event.parentId ?? null,
    authorId: event.from?.id ?? "",
    authorName: fromPage ? page.name : (event.from?.name ?? (event.channel === "instagram" ? "Instagram user" : "Facebook user")),
    fromPage,
    text: event.text ?? "",
    createdTime: at,
    mention: event.mention ?? null,
  };
  const changed = await applyVerb(event, key, fields, at);
  // Someone else's media is not ours to GET: a mention's reader fills its post instead.
  if (newPost && !event.mention) fillPostDetailsLater(post.id);
  if (!changed) return;
  const row = await db.comment.findUnique({ where: key, select: commentSelect });
  if (!row) return;
  await announceComment(page.id, row);
  if (event.mention) fillMentionLater(row.id);
}

type CommentKey = { pageId_externalId: { pageId: string; externalId: string } };
type CommentFields = Parameters<typeof db.comment.create>[0]["data"] & { postId: string };

/** Whether the row changed. */
async function applyVerb(event: CommentEvent, key: CommentKey, fields: CommentFields, at: Date): Promise<boolean> {
  switch (event.verb) {
    case "add": {
      const { count } = await db.comment.createMany({ data: [fields as never], skipDuplicates: true });
      if (count > 0 || event.mention || event.channel !== "instagram") return count > 0;
      // A `comments` change is about the account's own media: a mention of the same comment that was
      // handled first (Meta may send both when a comment there names the account) becomes a plain comment.
      const { count: corrected } = await db.comment.updateMany({ where: { ...key.pageId_externalId, mention: { not: null } }, data: { mention: null, authorId: fields.authorId, authorName: fields.authorName, text: fields.text } });
      return corrected > 0;
    }
    case "edited":
      await db.comment.upsert({ where: key, create: { ...fields, editedAt: at }, update: { text: fields.text, editedAt: at } });
      return true;
    case "remove":
      await db.comment.upsert({ where: key, create: { ...fields, removedAt: at }, update: { removedAt: at } });
      return true;
    case "hide":
    case "unhide":
      await db.comment.upsert({ where: key, create: { ...fields, hidden: event.verb === "hide" }, update: { hidden: event.verb === "hide" } });
      return true;
  }
}

async function findOrCreatePost(page: IngestPage, event: CommentEvent, at: Date): Promise<{ post: { id: string }; created: boolean }> {
  const where = { pageId_externalId: { pageId: page.id, externalId: event.postId } };
  const known = await db.post.findUnique({ where, select: { id: true, lastCommentAt: true } });
  if (known) {
    if (event.verb === "add" && known.lastCommentAt < at) await db.post.update({ where: { id: known.id }, data: { lastCommentAt: at } });
    return { post: known, created: false };
  }
  const { count } = await db.post.createMany({ data: [{ pageId: page.id, channel: event.channel, externalId: event.postId, permalink: event.permalink ?? null, lastCommentAt: at }], skipDuplicates: true });
  const post = await db.post.findUniqueOrThrow({ where, select: { id: true } });
  return { post, created: count > 0 };
}
