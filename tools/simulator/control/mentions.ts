import type { SimContext } from "../context";
import { addComment, customerAuthor, mentionsAccount, publishPost } from "../feed";
import type { CommentAuthor, SimPost } from "../feed-state";
import { ControlError } from "../http/errors";
import { sendJson } from "../http/respond";
import type { Router } from "../http/router";
import { numericId } from "../ids";
import { customerKey, type SimPage } from "../state";
import { deliverCaptionMention, deliverCommentChange } from "../webhook/comment-webhooks";
import { deliverySummary } from "./customer-messages";
import { readInput, requireCustomer, requirePage } from "./lookup";
import { postView } from "./posts-and-comments";
import { ZMention } from "./schemas";

// POST /sim/pages/:pageId/mentions — someone @mentions the Page's Instagram account on their own media:
// in a caption (a new photo of theirs) or in a comment on a photo of theirs. Meta sends only the
// `mentions` webhook ({media_id} or {comment_id, media_id}); the app reads the rest through the account
// (graph/mentions-api.ts) and answers through POST /{ig-user-id}/mentions. The media is kept with the
// Page's feed (owner set), so GET /sim/pages/:pageId/posts shows it and the answers under it.

const badInput = (path: string, message: string) => new ControlError(400, `Invalid request: ${path}: ${message}`, [{ path, message }]);

function mentioner(sim: SimContext, page: SimPage, input: { psid?: string; username?: string }): CommentAuthor {
  if (input.psid !== undefined) {
    const customer = requireCustomer(sim, page.pageId, input.psid);
    if (customer.channel !== "instagram") throw badInput("psid", `customer ${input.psid} writes on Messenger: a mention is made on Instagram`);
    return customerAuthor(customer);
  }
  // Someone who never wrote stays one person across their mentions: known by their username.
  const known = [...sim.state.feed.posts.values()].find((p) => p.pageId === page.pageId && p.owner?.username === input.username)?.owner;
  if (known) return known;
  let id = numericId(16);
  while (sim.state.customers.has(customerKey(page.pageId, id))) id = numericId(16);
  return { id, username: input.username!, isPage: false };
}

/** The text as written, with the @mention put in front when the form left it out. */
const withMention = (username: string, text: string) => (mentionsAccount(username, text) ? text : `@${username} ${text}`);

function theirMedia(sim: SimContext, page: SimPage, owner: CommentAuthor, mediaId: string | undefined, caption: string): SimPost {
  if (mediaId === undefined) {
    // A photo like the Page's (publishPost), made theirs: the Page's own Graph calls do not reach it.
    const media: SimPost = { ...publishPost(sim, page, { message: caption, picture: true, channel: "instagram" }), owner };
    sim.state.feed.posts.set(media.id, media);
    return media;
  }
  const media = sim.state.feed.posts.get(mediaId);
  if (!media || media.pageId !== page.pageId || media.owner?.id !== owner.id) throw new ControlError(404, `Unknown media ${mediaId} of ${owner.username}: leave mediaId out for a new photo`);
  return media;
}

export function registerMentionRoutes(router: Router): void {
  router.add("POST", "/sim/pages/:pageId/mentions", async (ctx) => {
    const { sim } = ctx;
    const input = await readInput(ctx, ZMention);
    const page = requirePage(sim, ctx.params.pageId!);
    const account = page.instagram;
    if (!account) throw badInput("pageId", `page ${page.pageId} has no Instagram account: register it with instagram {id, username}`);
    const owner = mentioner(sim, page, input);
    const text = withMention(account.username, input.message);
    if (input.in === "caption") {
      const media = theirMedia(sim, page, owner, undefined, text);
      const delivery = await deliverCaptionMention(sim, media);
      return sendJson(ctx.res, 201, { media: postView(sim, media), delivered: delivery.delivered, status: delivery.status ?? null, deliveries: [deliverySummary(delivery)] });
    }
    const media = theirMedia(sim, page, owner, input.mediaId, "");
    const comment = addComment(sim, media, owner, text);
    const deliveries = await deliverCommentChange(sim, comment, "add");
    sendJson(ctx.res, 201, { media: postView(sim, media), comment, delivered: deliveries.every((d) => d.delivered), status: deliveries.at(-1)?.status ?? null, deliveries: deliveries.map(deliverySummary) });
  });
}
