import type { SimContext } from "../context";
import { addComment, customerAuthor, liveComment, publishPost } from "../feed";
import type { CommentAuthor, SimComment, SimPost } from "../feed-state";
import { ControlError } from "../http/errors";
import { sendJson } from "../http/respond";
import type { Router } from "../http/router";
import { numericId } from "../ids";
import { customerKey, type WebhookDelivery } from "../state";
import { deliverCommentChange } from "../webhook/comment-webhooks";
import { deliverySummary } from "./customer-messages";
import { absoluteUrl, readInput, requireCustomer, requirePage } from "./lookup";
import { ZCommentPatch, ZCustomerComment, ZPublishPost } from "./schemas";

// The public half of a Page from the outside (feed.ts): the Page publishes a post, people comment, edit
// and remove their comments, and a test ages a comment past Meta's 7 days for a private reply. Each change
// reaches the app as Meta's webhook (webhook/comment-webhooks.ts); the Page's own answers go through the
// Graph API (graph/comments-api.ts, graph/private-reply.ts).

const DAY_MS = 86_400_000;

/** A 400 in parseInput's shape, for rules a schema cannot see (they depend on the page or the post). */
const badInput = (path: string, message: string) => new ControlError(400, `Invalid request: ${path}: ${message}`, [{ path, message }]);

/** A post with its comments, oldest first (replies name their parent): for tests and the web page. */
export function postView(sim: SimContext, post: SimPost) {
  const comments = [...sim.state.feed.comments.values()].filter((c) => c.postId === post.id).sort((a, b) => a.createdTime - b.createdTime);
  return { ...post, pictureUrl: post.picturePath && absoluteUrl(sim, post.picturePath), comments };
}

const outcome = (deliveries: WebhookDelivery[]) => ({
  delivered: deliveries.every((d) => d.delivered),
  status: deliveries.at(-1)?.status ?? null,
  deliveries: deliveries.map(deliverySummary),
});

function requireComment(sim: SimContext, commentId: string): SimComment {
  const comment = sim.state.feed.comments.get(commentId);
  if (!comment) throw new ControlError(404, `Unknown comment ${commentId}: GET /sim/pages/{pageId}/posts lists them`);
  if (comment.deleted) throw new ControlError(409, `Comment ${commentId} was removed`);
  return comment;
}

type CommenterInput = { psid?: string; name?: string; username?: string };

/** A customer of the Page on the post's channel, or someone who never wrote (a new id, not a customer yet). */
function commenter(sim: SimContext, post: SimPost, input: CommenterInput): CommentAuthor {
  const instagram = post.channel === "instagram";
  if (input.psid !== undefined) {
    const customer = requireCustomer(sim, post.pageId, input.psid);
    if ((customer.channel === "instagram") !== instagram) {
      throw badInput("psid", `customer ${input.psid} writes on ${instagram ? "Messenger" : "Instagram"}, but post ${post.id} is on ${instagram ? "Instagram" : "Facebook"}`);
    }
    return customerAuthor(customer);
  }
  let id = numericId(16);
  while (sim.state.customers.has(customerKey(post.pageId, id))) id = numericId(16);
  if (instagram) {
    if (!input.username) throw badInput("username", "someone new commenting on Instagram is known by a username");
    return { id, username: input.username, isPage: false };
  }
  if (!input.name) throw badInput("name", "someone new commenting on Facebook is known by a name");
  return { id, name: input.name, isPage: false };
}

export function registerPostAndCommentRoutes(router: Router): void {
  // POST /sim/pages/:pageId/posts — the Page publishes a post (Facebook) or a photo (its Instagram account)
  router.add("POST", "/sim/pages/:pageId/posts", async (ctx) => {
    const { sim } = ctx;
    const input = await readInput(ctx, ZPublishPost);
    const page = requirePage(sim, ctx.params.pageId!);
    const instagram = input.channel === "instagram";
    if (instagram && !page.instagram) throw badInput("channel", `page ${page.pageId} has no Instagram account: register it with instagram {id, username}`);
    if (instagram && input.picture === false) throw badInput("picture", "an Instagram post is always a photo");
    const post = publishPost(sim, page, { message: input.message, picture: input.picture ?? instagram, channel: input.channel });
    sendJson(ctx.res, 201, postView(sim, post));
  });

  // GET /sim/pages/:pageId/posts — the Page's posts, newest first, each with its comments
  router.add("GET", "/sim/pages/:pageId/posts", (ctx) => {
    const page = requirePage(ctx.sim, ctx.params.pageId!);
    const posts = [...ctx.sim.state.feed.posts.values()].filter((p) => p.pageId === page.pageId).sort((a, b) => b.createdTime - a.createdTime);
    sendJson(ctx.res, 200, posts.map((post) => postView(ctx.sim, post)));
  });

  // POST /sim/pages/:pageId/comments — someone comments on a post, or answers a comment (parentId)
  router.add("POST", "/sim/pages/:pageId/comments", async (ctx) => {
    const { sim } = ctx;
    const input = await readInput(ctx, ZCustomerComment);
    const page = requirePage(sim, ctx.params.pageId!);
    const post = sim.state.feed.posts.get(input.postId);
    if (!post || post.pageId !== page.pageId) throw new ControlError(404, `Unknown post ${input.postId} on page ${page.pageId}: publish one with POST /sim/pages/${page.pageId}/posts`);
    const parent = input.parentId === undefined ? undefined : liveComment(sim, page.pageId, input.parentId);
    if (input.parentId !== undefined && parent?.postId !== post.id) throw new ControlError(404, `Unknown comment ${input.parentId} under post ${post.id}`);
    const comment = addComment(sim, post, commenter(sim, post, input), input.message, parent);
    sendJson(ctx.res, 201, { comment, ...outcome(await deliverCommentChange(sim, comment, "add")) });
  });

  // PATCH /sim/comments/:commentId — the commenter edits it ({message}), or a test ages it ({ageDays} | {createdTime})
  router.add("PATCH", "/sim/comments/:commentId", async (ctx) => {
    const { sim } = ctx;
    const input = await readInput(ctx, ZCommentPatch);
    const comment = requireComment(sim, ctx.params.commentId!);
    if (input.message !== undefined && comment.author.isPage) throw badInput("message", `comment ${comment.id} is the Page's own: the control API edits what people wrote`);
    if (input.message !== undefined && comment.channel === "instagram") throw badInput("message", "Instagram comments cannot be edited: remove it and comment again");
    if (input.ageDays !== undefined) comment.createdTime = sim.now() - input.ageDays * DAY_MS;
    if (input.createdTime !== undefined) comment.createdTime = input.createdTime;
    let deliveries: WebhookDelivery[] = [];
    if (input.message !== undefined) {
      comment.message = input.message;
      deliveries = await deliverCommentChange(sim, comment, "edited");
    }
    sendJson(ctx.res, 200, { comment, ...outcome(deliveries) });
  });

  // DELETE /sim/comments/:commentId — the commenter removes it (Instagram sends no webhook for that)
  router.add("DELETE", "/sim/comments/:commentId", async (ctx) => {
    const { sim } = ctx;
    const comment = requireComment(sim, ctx.params.commentId!);
    if (comment.author.isPage) throw new ControlError(400, `Comment ${comment.id} is the Page's own: the Page removes it through the Graph API (DELETE /{comment-id})`);
    comment.deleted = true;
    sendJson(ctx.res, 200, { comment, ...outcome(await deliverCommentChange(sim, comment, "remove")) });
  });
}
