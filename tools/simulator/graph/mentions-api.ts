import { sendJson } from "../http/respond";
import type { RouteContext } from "../http/router";
import { addComment, mentionsAccount, pageAuthor } from "../feed";
import type { SimComment, SimPost } from "../feed-state";
import type { SimPage } from "../state";
import { scheduleCommentChange } from "../webhook/comment-webhooks";
import { accessTokenFrom, pageForToken } from "./auth";
import { commentNode, pickDefined, postNode } from "./comment-nodes";
import { invalidParameter, unsupportedRequest } from "./graph-error";
import { takeInjectedError } from "./injected-errors";

// The Instagram account's side of an @mention on someone else's media (control/mentions.ts makes them):
//   GET  /{ig-user-id}?fields=mentioned_comment.comment_id({id}){id,text,timestamp,username,like_count,media{…}}
//   GET  /{ig-user-id}?fields=mentioned_media.media_id({id}){id,caption,username,timestamp,permalink,media_url,…}
//   POST /{ig-user-id}/mentions {media_id, comment_id?, message} → {id}: a comment of the account under it
// Only what names the account can be read or answered this way; the media's own edges stay closed to the
// Page (comment-nodes.ts publicNode), so hiding, liking, deleting or a private reply there are refused.
// POST /sim/errors {endpoint: "comments"} fails the next of these calls too.

const MENTIONED = /^mentioned_(comment|media)\.(comment_id|media_id)\(([^()]*)\)(?:\{(.*)\})?$/;
const COMMENT_FIELDS = ["id", "text", "timestamp", "username", "like_count", "media"];
const MEDIA_FIELDS = ["id", "caption", "media_type", "media_product_type", "media_url", "permalink", "timestamp", "username", "comments_count", "like_count"];

/** `a,b{c,d},e` → ["a", "b{c,d}", "e"]: commas inside braces belong to the nested list. */
function splitFields(list: string): string[] {
  const fields: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of list) {
    if (char === "," && depth === 0) {
      fields.push(current.trim());
      current = "";
      continue;
    }
    if (char === "{") depth++;
    if (char === "}") depth--;
    current += char;
  }
  if (current.trim()) fields.push(current.trim());
  return fields.filter(Boolean);
}

/** The requested fields of a node (with one level of nesting for media{…}), or its default: the id. */
function pickFields(values: Record<string, unknown>, list: string | undefined, allowed: string[], nodeType: string, nested: (name: string, sub: string) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = { id: values.id };
  for (const field of splitFields(list ?? "")) {
    const [, name = field, sub] = /^(\w+)(?:\{(.*)\})?$/.exec(field) ?? [];
    if (!allowed.includes(name)) throw invalidParameter(`Tried accessing nonexisting field (${name}) on node type (${nodeType})`);
    out[name] = sub !== undefined || name === "media" ? nested(name, sub ?? "") : values[name];
  }
  return pickDefined(out, Object.keys(out));
}

function mediaFields(ctx: RouteContext, post: SimPost, list: string): Record<string, unknown> {
  return pickFields(postNode(ctx.sim, post).values, list, MEDIA_FIELDS, "ShadowIGMedia", () => {
    throw invalidParameter("(#100) Field expansion is not supported here");
  });
}

function mentioningComment(ctx: RouteContext, page: SimPage, id: string): SimComment {
  const comment = ctx.sim.state.feed.comments.get(id);
  if (!comment || comment.deleted || comment.pageId !== page.pageId || comment.author.isPage || !mentionsAccount(page.instagram!.username, comment.message)) {
    throw invalidParameter(`(#100) No comment ${id} mentions this account`);
  }
  return comment;
}

function mentioningMedia(ctx: RouteContext, page: SimPage, id: string): SimPost {
  const post = ctx.sim.state.feed.posts.get(id);
  if (!post || post.pageId !== page.pageId || !post.owner || !mentionsAccount(page.instagram!.username, post.message)) throw invalidParameter(`(#100) No media ${id} mentions this account in its caption`);
  return post;
}

/** GET /{ig-user-id}?fields=mentioned_…: true when the fields asked for one (else node-api.ts goes on). */
export function handleMentionRead(ctx: RouteContext, page: SimPage, id: string): boolean {
  const fields = ctx.url.searchParams.get("fields") ?? "";
  if (!page.instagram || id !== page.instagram.id || !fields.startsWith("mentioned_")) return false;
  const match = MENTIONED.exec(fields);
  if (!match || (match[1] === "comment") !== (match[2] === "comment_id")) throw invalidParameter(`(#100) Cannot read ${fields.slice(0, 80)}: mentioned_comment.comment_id({id}) or mentioned_media.media_id({id})`);
  const injected = takeInjectedError(ctx.sim.state, page.pageId, undefined, "comments");
  if (injected) throw injected;
  const [, kind, , targetId = "", list] = match;
  if (kind === "media") {
    sendJson(ctx.res, 200, { mentioned_media: mediaFields(ctx, mentioningMedia(ctx, page, targetId), list ?? ""), id });
    return true;
  }
  const comment = mentioningComment(ctx, page, targetId);
  const post = ctx.sim.state.feed.posts.get(comment.postId)!;
  const values = commentNode(ctx.sim, comment).values;
  const mentioned = pickFields(values, list, COMMENT_FIELDS, "ShadowIGComment", (_name, sub) => mediaFields(ctx, post, sub));
  sendJson(ctx.res, 200, { mentioned_comment: mentioned, id });
  return true;
}

/** POST /{ig-user-id}/mentions: the account's answer, under the mentioning comment or on the media. */
export function handleMentionReply(ctx: RouteContext, id: string, fields: Record<string, unknown>): void {
  const { sim, url } = ctx;
  const all = { ...Object.fromEntries(url.searchParams), ...fields };
  const page = pageForToken(sim, accessTokenFrom(ctx.req, url, all));
  if (!page.instagram || id !== page.instagram.id) throw unsupportedRequest("POST", id);
  const injected = takeInjectedError(sim.state, page.pageId, undefined, "comments");
  if (injected) throw injected;
  const { media_id: mediaId, comment_id: commentId, message } = all;
  if (typeof mediaId !== "string" || !mediaId) throw invalidParameter("(#100) The parameter media_id is required");
  if (typeof message !== "string" || !message.trim()) throw invalidParameter("(#100) The parameter message is required");
  let post: SimPost;
  let answering: SimComment | undefined;
  if (commentId !== undefined) {
    answering = mentioningComment(ctx, page, String(commentId));
    post = sim.state.feed.posts.get(answering.postId)!;
    if (post.id !== mediaId) throw invalidParameter(`(#100) Comment ${String(commentId)} is not on media ${mediaId}`);
  } else {
    post = mentioningMedia(ctx, page, mediaId);
  }
  const comment = addComment(sim, post, pageAuthor(page, "instagram"), message, answering);
  sim.log(`account ${page.instagram.id} answered the mention on ${answering?.id ?? post.id}`);
  // On the account's own media Meta echoes it as a `comments` change; on someone else's it says nothing.
  if (!post.owner) scheduleCommentChange(sim, comment, "add");
  sendJson(ctx.res, 200, { id: comment.id });
}
