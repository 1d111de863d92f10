import { z } from "zod";
import { defined, str, ZLooseId, ZTime } from "@/server/integrations/meta/webhook-fields";
import type { Channel } from "@/lib/inbox/channels";
import type { MentionKind } from "@/lib/contract/comments-api";

// `entry[].changes[]`: what a Page's public side sends (docs/WEBHOOKS.md, "Comments"). Facebook's `feed`
// field carries every change of the Page's feed — posts, reactions, shares — of which only comments
// (`item: "comment"`) are ours; the rest is acknowledged and left alone, as a subscription to `feed` brings
// it whether we want it or not. Instagram's `comments` field is one comment on the account's media;
// `mentions` names a comment or a caption on someone else's media that @mentions the account — ids only,
// so it becomes an `add` of a comment with no author or text yet (the service reads them from Graph).
// A comment change we cannot read becomes { kind: "invalid" } and is quarantined with its reason.

export type CommentVerb = "add" | "edited" | "remove" | "hide" | "unhide";

export type CommentEvent = {
  kind: "comment";
  /** The id Meta named in entry.id: the Facebook Page, or the Page's Instagram account. */
  pageId: string;
  channel: Channel;
  timestamp: number;
  raw: unknown;
  verb: CommentVerb;
  commentId: string;
  /** The post (Facebook) or media (Instagram) it is under. */
  postId: string;
  /** The comment it answers; absent for a comment on the post itself. */
  parentId?: string;
  from?: { id: string; name: string };
  text?: string;
  permalink?: string;
  /** An Instagram @mention on someone else's media; for "caption", commentId is the media id. */
  mention?: MentionKind;
};

export type InvalidChange = { kind: "invalid"; pageId: string | null; reason: string; raw: unknown };

// Meta writes "edited" in its reference, "edit" in some captures; "delete" and "remove" likewise.
const VERBS: Record<string, CommentVerb> = { add: "add", edited: "edited", edit: "edited", remove: "remove", delete: "remove", hide: "hide", unhide: "unhide" };

/** A post or comment id as Meta writes them (`{page}_{post}`, `{post}_{comment}`, or digits on Instagram): ids go into Graph paths. */
const ZObjectId = z.union([z.string().regex(/^\d{1,32}(_\d{1,32})?$/, "is not a Graph object id"), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)]).transform(String);

const ZFeedComment = z.object({
  item: z.literal("comment"),
  verb: z.string(),
  comment_id: ZObjectId,
  post_id: ZObjectId,
  parent_id: ZObjectId.optional().catch(undefined),
  from: z.object({ id: ZLooseId, name: str() }).optional().catch(undefined),
  message: str(),
  created_time: ZTime.optional().catch(undefined),
  post: z.object({ permalink_url: str() }).optional().catch(undefined),
});

const ZInstagramComment = z.object({
  id: ZObjectId,
  text: str(),
  from: z.object({ id: ZLooseId, username: str() }).optional().catch(undefined),
  media: z.object({ id: ZObjectId }),
  parent_id: ZObjectId.optional().catch(undefined),
});

/** Meta's `mentions` value: `{comment_id, media_id}` for a comment, `{media_id}` for a caption. */
const ZInstagramMention = z.object({ media_id: ZObjectId, comment_id: ZObjectId.optional() });

const ZChange = z.object({ field: z.string(), value: z.unknown() });

/** One change of an entry: a comment event, an unreadable one, or null (a change that is not ours to keep). */
export function toChangeEvent(entryId: string, raw: unknown, time: number, channel: Channel): CommentEvent | InvalidChange | null {
  const pageId = /^\d{1,30}$/.test(entryId) ? entryId : null;
  const change = ZChange.safeParse(raw);
  if (!change.success) return { kind: "invalid", pageId, reason: "unreadable change: no field", raw };
  const { field, value } = change.data;
  if (channel === "messenger" && field === "feed") {
    if ((value as { item?: unknown } | null)?.item !== "comment") return null; // a post, a reaction, a share…
    return pageId ? feedComment(pageId, value, time, raw) : unreadable(null, "entry.id is not a Facebook id", raw);
  }
  if (channel === "instagram" && field === "comments") return pageId ? instagramComment(pageId, value, time, raw) : unreadable(null, "entry.id is not an Instagram id", raw);
  if (channel === "instagram" && field === "mentions") return pageId ? instagramMention(pageId, value, time, raw) : unreadable(null, "entry.id is not an Instagram id", raw, "mention");
  // Live comments: not subscribed (docs/META.md), kept out.
  return null;
}

const unreadable = (pageId: string | null, what: string, raw: unknown, item = "comment"): InvalidChange => ({ kind: "invalid", pageId, reason: `unreadable ${item}: ${what}`, raw });

function feedComment(pageId: string, value: unknown, time: number, raw: unknown): CommentEvent | InvalidChange {
  const parsed = ZFeedComment.safeParse(value);
  if (!parsed.success) return unreadable(pageId, parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; "), raw);
  const c = parsed.data;
  const verb = VERBS[c.verb];
  if (!verb) return unreadable(pageId, `verb ${c.verb} is not one of add, edited, remove, hide, unhide`, raw);
  // Meta names the post as the parent of a top-level comment.
  const parentId = c.parent_id && c.parent_id !== c.post_id ? c.parent_id : undefined;
  return {
    kind: "comment",
    pageId,
    channel: "messenger",
    timestamp: c.created_time ?? time,
    raw,
    verb,
    commentId: c.comment_id,
    postId: c.post_id,
    ...defined({ parentId, from: c.from && { id: c.from.id, name: c.from.name ?? "Facebook user" }, text: c.message, permalink: c.post?.permalink_url }),
  };
}

function instagramComment(pageId: string, value: unknown, time: number, raw: unknown): CommentEvent | InvalidChange {
  const parsed = ZInstagramComment.safeParse(value);
  if (!parsed.success) return unreadable(pageId, parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; "), raw);
  const c = parsed.data;
  return {
    kind: "comment",
    pageId,
    channel: "instagram",
    timestamp: time,
    raw,
    verb: "add",
    commentId: c.id,
    postId: c.media.id,
    ...defined({ parentId: c.parent_id, from: c.from && { id: c.from.id, name: c.from.username ? `@${c.from.username}` : "Instagram user" }, text: c.text }),
  };
}

function instagramMention(pageId: string, value: unknown, time: number, raw: unknown): CommentEvent | InvalidChange {
  const parsed = ZInstagramMention.safeParse(value);
  if (!parsed.success) return unreadable(pageId, parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; "), raw, "mention");
  const { media_id: mediaId, comment_id: commentId } = parsed.data;
  // A caption mention is one per media: the media id is the row's id, so a redelivery finds it too.
  return { kind: "comment", pageId, channel: "instagram", timestamp: time, raw, verb: "add", commentId: commentId ?? mediaId, postId: mediaId, mention: commentId ? "comment" : "caption" };
}
