import { randomBytes } from "node:crypto";
import type { SimContext } from "./context";
import type { CommentAuthor, FeedChannel, SimComment, SimPost } from "./feed-state";
import { numericId } from "./ids";
import { customerKey, type SimCustomer, type SimPage } from "./state";

// The public half of a Page as Meta runs it (feed-state.ts has the data): the Page publishes posts on
// Facebook and photos on its linked Instagram account; people comment on them and on each other's
// comments; the Page answers in public (a comment of its own) or in private (graph/private-reply.ts).
// Facebook threads nest: a reply names the comment it answers. Instagram has one level: a reply to a
// reply joins the top-level comment's thread, as in the Instagram app.

/** Meta allows a private reply within 7 days of the comment. */
export const PRIVATE_REPLY_WINDOW_MS = 7 * 86_400_000;

/** The sample photos (assets/images.ts) posts take turns with. */
const SAMPLE_PICTURES = ["sunset", "parcel", "receipt"];

export type PublishInput = { message: string; picture: boolean; channel: FeedChannel };

export function publishPost(sim: SimContext, page: SimPage, input: PublishInput, createdTime = sim.now()): SimPost {
  const { posts } = sim.state.feed;
  const count = [...posts.values()].filter((p) => p.pageId === page.pageId).length;
  // A path, not a URL: seeded posts exist before the server knows its address (views make it absolute).
  const picturePath = input.picture ? `/samples/${SAMPLE_PICTURES[count % SAMPLE_PICTURES.length]}.png` : null;
  const instagram = input.channel === "instagram";
  const n = numericId(16);
  const post: SimPost = {
    id: instagram ? numericId(17) : `${page.pageId}_${n}`,
    pageId: page.pageId,
    channel: input.channel,
    message: input.message,
    picturePath,
    // Instagram links a post by its shortcode, Facebook by the Page and the post's own id.
    permalinkUrl: instagram ? `https://www.instagram.com/p/${randomBytes(8).toString("base64url").slice(0, 11)}/` : `https://www.facebook.com/${page.pageId}/posts/${n}`,
    createdTime,
  };
  posts.set(post.id, post);
  sim.log(`page ${page.pageId} published ${post.channel} post ${post.id}`);
  return post;
}

/** A customer as the author of a comment: their PSID (or IGSID) and how the channel names them. */
export function customerAuthor(customer: SimCustomer): CommentAuthor {
  if (customer.channel === "instagram") return { id: customer.psid, username: customer.username ?? customer.psid, isPage: false };
  return { id: customer.psid, name: `${customer.firstName} ${customer.lastName}`.trim(), isPage: false };
}

/** The Page itself as the author: its Facebook identity, or its Instagram account under Instagram media. */
export function pageAuthor(page: SimPage, channel: FeedChannel): CommentAuthor {
  if (channel === "instagram" && page.instagram) return { id: page.instagram.id, username: page.instagram.username, isPage: true };
  return { id: page.pageId, name: page.name, isPage: true };
}

/** A comment that still exists, on one of this Page's posts. */
export function liveComment(sim: SimContext, pageId: string, commentId: string): SimComment | undefined {
  const comment = sim.state.feed.comments.get(commentId);
  return comment && comment.pageId === pageId && !comment.deleted ? comment : undefined;
}

/**
 * Stores a comment on `post`, or a reply to `answering` (a live comment on the same post). Facebook ids
 * are `{post's own id}_{n}`, Instagram ids digits. The Page's replies are noted on the comment they answer.
 */
export function addComment(sim: SimContext, post: SimPost, author: CommentAuthor, message: string, answering?: SimComment): SimComment {
  const parentId = !answering ? null : post.channel === "instagram" ? (answering.parentId ?? answering.id) : answering.id;
  const id = post.channel === "instagram" ? numericId(17) : `${post.id.split("_")[1]}_${numericId(16)}`;
  const comment: SimComment = {
    id,
    pageId: post.pageId,
    postId: post.id,
    channel: post.channel,
    parentId,
    author,
    message,
    createdTime: sim.now(),
    hidden: false,
    deleted: false,
    likedByPage: false,
    privateReply: null,
    pageReplyIds: [],
  };
  sim.state.feed.comments.set(id, comment);
  if (author.isPage && answering) answering.pageReplyIds.push(id);
  return comment;
}

/** The commenter as a customer of the Page, created if they never wrote, so a private reply starts a thread. */
export function commenterAsCustomer(sim: SimContext, comment: SimComment): SimCustomer {
  const key = customerKey(comment.pageId, comment.author.id);
  const existing = sim.state.customers.get(key);
  if (existing) return existing;
  const [firstName = comment.author.id, ...rest] = (comment.author.name ?? comment.author.username ?? "").split(" ").filter(Boolean);
  const customer: SimCustomer = {
    pageId: comment.pageId,
    psid: comment.author.id,
    firstName,
    lastName: rest.join(" "),
    profileError: false,
    ...(comment.channel === "instagram" ? { channel: "instagram" as const, username: comment.author.username } : {}),
    createdAt: sim.now(),
  };
  sim.state.customers.set(key, customer);
  sim.log(`commenter ${customer.psid} became a customer of page ${comment.pageId}`);
  return customer;
}

/** Whether a comment's text names the Instagram account (`@username`, not part of a longer name). */
export function mentionsAccount(username: string, text: string): boolean {
  const escaped = username.replace(/[.]/g, "\\.");
  return new RegExp(`(^|[^\\w.])@${escaped}(?![\\w.])`, "i").test(text);
}
