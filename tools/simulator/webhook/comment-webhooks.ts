import type { SimContext } from "../context";
import { mentionsAccount } from "../feed";
import type { SimComment, SimPost } from "../feed-state";
import type { WebhookDelivery } from "../state";
import { deliverWebhook } from "./deliver";
import type { WebhookBody } from "./events";
import { changesBody, feedCommentChange, instagramCommentChange, instagramMentionChange, type CommentVerb } from "./feed-events";

// Which webhooks Meta sends when a comment changes, delivered like every other webhook (signed, retried,
// kept in state.events). Facebook reports every change; Instagram only new comments (its comments cannot
// be edited, and hiding or deleting one sends nothing). The Page's own comments come back too: that is
// how Meta echoes a public reply. Like messaging, delivery does not depend on the Page's subscribed_apps
// fields, so the demo and tests work without subscribing first.

type Outgoing = { kind: string; body: WebhookBody };

/** A caption that @mentions the account, on someone else's media: `{media_id}` alone. */
export function deliverCaptionMention(sim: SimContext, post: SimPost): Promise<WebhookDelivery> {
  const account = sim.state.pages.get(post.pageId)?.instagram;
  if (!account) throw new Error(`page ${post.pageId} has no Instagram account`);
  return deliverWebhook(sim, "ig-mention", changesBody("instagram", account.id, sim.now(), [instagramMentionChange(post)]));
}

function webhooksFor(sim: SimContext, comment: SimComment, verb: CommentVerb, time: number): Outgoing[] {
  const page = sim.state.pages.get(comment.pageId);
  const post = sim.state.feed.posts.get(comment.postId);
  if (!page || !post) return [];
  if (comment.channel === "facebook") return [{ kind: `feed-${verb}`, body: changesBody("page", page.pageId, time, [feedCommentChange(post, comment, verb, time)]) }];
  const account = page.instagram;
  if (verb !== "add" || !account) return [];
  // `comments` is about the account's own media only; on someone else's, Meta says nothing but a mention.
  const outgoing = post.owner ? [] : [{ kind: "ig-comment", body: changesBody("instagram", account.id, time, [instagramCommentChange(post, comment)]) }];
  // The account naming itself in its own reply is no mention.
  if (!comment.author.isPage && mentionsAccount(account.username, comment.message)) {
    outgoing.push({ kind: "ig-mention", body: changesBody("instagram", account.id, time, [instagramMentionChange(post, comment)]) });
  }
  return outgoing;
}

/** Delivers them now, one after the other: the control API answers with their outcome. */
export async function deliverCommentChange(sim: SimContext, comment: SimComment, verb: CommentVerb): Promise<WebhookDelivery[]> {
  const deliveries: WebhookDelivery[] = [];
  for (const { kind, body } of webhooksFor(sim, comment, verb, sim.now())) deliveries.push(await deliverWebhook(sim, kind, body));
  return deliveries;
}

/**
 * The same in the background, after the echo delay: a Graph write answers first, as Meta's do. The bodies
 * are built at once, so they show the comment as the write left it.
 */
export function scheduleCommentChange(sim: SimContext, comment: SimComment, verb: CommentVerb): void {
  const outgoing = webhooksFor(sim, comment, verb, sim.now());
  if (!outgoing.length) return;
  sim.tasks.run(
    async () => {
      await sim.tasks.sleep(sim.settings.echoDelayMs);
      for (const { kind, body } of outgoing) await deliverWebhook(sim, kind, body);
    },
    (error) => sim.log(`webhooks for comment ${comment.id} failed: ${String(error)}`),
  );
}
