import type { ParsedBody } from "../http/body";
import { sendJson } from "../http/respond";
import type { RouteContext } from "../http/router";
import { addComment, pageAuthor } from "../feed";
import type { SimComment } from "../feed-state";
import type { SimPage } from "../state";
import { scheduleCommentChange } from "../webhook/comment-webhooks";
import { accessTokenFrom, pageForToken } from "./auth";
import { commentsUnder, pickDefined, publicNode, type PublicNode } from "./comment-nodes";
import { invalidParameter, unsupportedRequest } from "./graph-error";
import { takeInjectedError } from "./injected-errors";
import { requestedFields } from "./node-api";

// The Page's side of the comments under its posts, with the Page token, as Meta documents it:
//   POST   /{post-id | comment-id}/comments {message}  (Facebook)  → {id}  the Page's comment or public reply
//   POST   /{media-id}/comments, /{ig-comment-id}/replies {message} → {id}  the same on Instagram
//   POST   /{comment-id} {is_hidden} (Facebook) or {hide} (Instagram) → {success:true}
//   DELETE /{comment-id}                                            → {success:true}
//   POST | DELETE /{comment-id}/likes  (Facebook)                   → {success:true}
//   GET    the same comments/replies edges → {data:[…]} (fields=…; Facebook's filter=stream lists every level)
// What the Page writes comes back as webhooks, and so do hiding and removing a Facebook comment
// (webhook/comment-webhooks.ts). Private replies are the Send API's (private-reply.ts).
// POST /sim/errors {endpoint: "comments"} makes the next of these calls fail with its Graph error.

export const COMMENT_EDGES = new Set(["comments", "replies", "likes"]);

/** Facebook's limit; Instagram's is lower, but nothing here depends on it. */
const MAX_COMMENT_LENGTH = 8000;

/** A boolean parameter, as JSON (true) or as a form field ("true"). */
function booleanParam(fields: Record<string, unknown>, name: string): boolean {
  const value = fields[name];
  if (value === undefined) throw invalidParameter(`(#100) The parameter ${name} is required`);
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  throw invalidParameter(`(#100) param ${name} must be a boolean`);
}

function writeComment(ctx: RouteContext, page: SimPage, node: PublicNode, fields: Record<string, unknown>): void {
  const { sim } = ctx;
  const message = fields.message;
  if (typeof message !== "string" || message.trim() === "") throw invalidParameter("(#100) The parameter message is required");
  if ([...message].length > MAX_COMMENT_LENGTH) throw invalidParameter(`(#100) param message must be at most ${MAX_COMMENT_LENGTH} characters`);
  const post = node.kind === "post" ? node.post : sim.state.feed.posts.get(node.comment.postId)!;
  const answering = node.kind === "comment" ? node.comment : undefined;
  const comment = addComment(sim, post, pageAuthor(page, post.channel), message, answering);
  sim.log(`page ${page.pageId} commented ${comment.id} on ${answering?.id ?? post.id}`);
  scheduleCommentChange(sim, comment, "add");
  sendJson(ctx.res, 200, { id: comment.id });
}

function setHidden(ctx: RouteContext, comment: SimComment, fields: Record<string, unknown>): void {
  const hidden = booleanParam(fields, comment.channel === "instagram" ? "hide" : "is_hidden");
  // Meta reports a change: hiding a hidden comment again sends nothing.
  if (comment.hidden !== hidden) {
    comment.hidden = hidden;
    scheduleCommentChange(ctx.sim, comment, hidden ? "hide" : "unhide");
  }
  sendJson(ctx.res, 200, { success: true });
}

function listComments(ctx: RouteContext, node: PublicNode): void {
  const { url } = ctx;
  const nodes = commentsUnder(ctx.sim, node, url.searchParams.get("filter") === "stream");
  sendJson(ctx.res, 200, { data: nodes.map((n) => pickDefined(n.values, requestedFields(url, n.defaults, n.allowed, n.nodeType))) });
}

export function handleCommentApi(ctx: RouteContext, id: string, edge: string | undefined, method: string, body: ParsedBody): void {
  const { sim, url } = ctx;
  // An id that is no post or comment at all is refused before the token is looked at, as it was before comments existed.
  if (!sim.state.feed.posts.has(id) && !sim.state.feed.comments.has(id)) throw unsupportedRequest(method, id);
  const fields = { ...Object.fromEntries(url.searchParams), ...body.fields };
  const page = pageForToken(sim, accessTokenFrom(ctx.req, url, fields));
  // Another Page's post, or a removed comment: Meta cannot tell the token it exists.
  const node = publicNode(sim, page.pageId, id);
  if (!node) throw unsupportedRequest(method, id);
  const injected = takeInjectedError(sim.state, page.pageId, undefined, "comments");
  if (injected) throw injected;
  const instagram = (node.kind === "post" ? node.post.channel : node.comment.channel) === "instagram";
  // Instagram answers a comment through /replies; everything else is /comments.
  const threadEdge = instagram && node.kind === "comment" ? "replies" : "comments";
  if (edge === threadEdge && method === "GET") return listComments(ctx, node);
  if (edge === threadEdge && method === "POST") return writeComment(ctx, page, node, fields);
  if (node.kind === "comment" && edge === undefined && method === "POST") return setHidden(ctx, node.comment, fields);
  if (node.kind === "comment" && edge === undefined && method === "DELETE") {
    node.comment.deleted = true;
    scheduleCommentChange(sim, node.comment, "remove");
    return sendJson(ctx.res, 200, { success: true });
  }
  // Instagram's API has no likes on comments.
  if (node.kind === "comment" && edge === "likes" && !instagram && (method === "POST" || method === "DELETE")) {
    node.comment.likedByPage = method === "POST";
    return sendJson(ctx.res, 200, { success: true });
  }
  throw unsupportedRequest(method, id);
}
