import type { SimContext } from "../context";
import { PRIVATE_REPLY_WINDOW_MS } from "../feed";
import type { SimComment, SimPost } from "../feed-state";
import { graphTime } from "./conversations-api";

// Posts and comments as Graph nodes (GET /{id}?fields=…, answered by node-api.ts, and the comment lists of
// comments-api.ts). Facebook and Instagram name the same things differently: a Facebook Post has
// message/full_picture/permalink_url/created_time, an Instagram Media caption/media_url/permalink/timestamp;
// a Facebook Comment message/from{id,name}/is_hidden, an Instagram Comment text/username/hidden. A field
// the node has no value for is left out, as Meta does (full_picture of a text post, parent of a top-level
// comment, thumbnail_url of a photo).

export type NodeValues = { nodeType: string; defaults: string[]; allowed: string[]; values: Record<string, unknown> };

const FACEBOOK_POST_FIELDS = ["id", "message", "full_picture", "permalink_url", "created_time", "updated_time", "status_type", "is_published", "from"];
const INSTAGRAM_MEDIA_FIELDS = ["id", "caption", "media_type", "media_product_type", "media_url", "thumbnail_url", "permalink", "timestamp", "username", "comments_count", "like_count"];
const FACEBOOK_COMMENT_FIELDS = ["id", "message", "from", "created_time", "parent", "is_hidden", "can_reply_privately", "permalink_url", "user_likes", "like_count", "comment_count"];
const INSTAGRAM_COMMENT_FIELDS = ["id", "text", "timestamp", "username", "from", "hidden", "media", "parent_id", "like_count"];

/** The requested fields that have a value, in the order asked. */
export function pickDefined(values: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => values[f] !== undefined).map((f) => [f, values[f]]));
}

function liveCommentsOf(sim: SimContext, postId: string): SimComment[] {
  return [...sim.state.feed.comments.values()].filter((c) => c.postId === postId && !c.deleted).sort((a, b) => a.createdTime - b.createdTime);
}

export function postNode(sim: SimContext, post: SimPost): NodeValues {
  const page = sim.state.pages.get(post.pageId);
  const picture = post.picturePath ? `${sim.publicUrl()}${post.picturePath}` : undefined;
  const comments = liveCommentsOf(sim, post.id);
  if (post.channel === "instagram") {
    const values = {
      id: post.id,
      caption: post.message,
      media_type: "IMAGE",
      media_product_type: "FEED",
      media_url: picture,
      permalink: post.permalinkUrl,
      timestamp: graphTime(post.createdTime),
      username: post.owner ? post.owner.username : page?.instagram?.username,
      comments_count: comments.length,
      like_count: 0,
    };
    return { nodeType: "ShadowIGMedia", defaults: ["id"], allowed: INSTAGRAM_MEDIA_FIELDS, values };
  }
  const values = {
    id: post.id,
    message: post.message,
    full_picture: picture,
    permalink_url: post.permalinkUrl,
    created_time: graphTime(post.createdTime),
    // Comments count as activity on a post.
    updated_time: graphTime(Math.max(post.createdTime, ...comments.map((c) => c.createdTime))),
    status_type: post.picturePath ? "added_photos" : "mobile_status_update",
    is_published: true,
    from: page && { name: page.name, id: page.pageId },
  };
  return { nodeType: "Post", defaults: ["created_time", "message", "id"], allowed: FACEBOOK_POST_FIELDS, values };
}

export function commentNode(sim: SimContext, comment: SimComment): NodeValues {
  const replies = [...sim.state.feed.comments.values()].filter((c) => c.parentId === comment.id && !c.deleted);
  if (comment.channel === "instagram") {
    const values = {
      id: comment.id,
      text: comment.message,
      timestamp: graphTime(comment.createdTime),
      username: comment.author.username,
      from: { id: comment.author.id, username: comment.author.username },
      hidden: comment.hidden,
      media: { id: comment.postId },
      parent_id: comment.parentId ?? undefined,
      like_count: 0,
    };
    return { nodeType: "ShadowIGComment", defaults: ["id", "text", "timestamp"], allowed: INSTAGRAM_COMMENT_FIELDS, values };
  }
  const post = sim.state.feed.posts.get(comment.postId);
  const parent = comment.parentId ? sim.state.feed.comments.get(comment.parentId) : undefined;
  const from = (c: SimComment) => ({ name: c.author.name, id: c.author.id });
  const values = {
    id: comment.id,
    message: comment.message,
    from: from(comment),
    created_time: graphTime(comment.createdTime),
    parent: parent && { created_time: graphTime(parent.createdTime), from: from(parent), message: parent.message, id: parent.id },
    is_hidden: comment.hidden,
    can_reply_privately: !comment.author.isPage && !comment.privateReply && sim.now() - comment.createdTime <= PRIVATE_REPLY_WINDOW_MS,
    permalink_url: post && `${post.permalinkUrl}?comment_id=${comment.id.split("_")[1]}`,
    user_likes: comment.likedByPage,
    like_count: comment.likedByPage ? 1 : 0,
    comment_count: replies.length,
  };
  return { nodeType: "Comment", defaults: ["created_time", "from", "message", "id"], allowed: FACEBOOK_COMMENT_FIELDS, values };
}

export type PublicNode = { kind: "post"; post: SimPost } | { kind: "comment"; comment: SimComment };

/**
 * A post of this Page, or a comment under one that still exists; undefined for anything else — someone
 * else's media where the account was @mentioned included: the Page reaches it through the mentions API only.
 */
export function publicNode(sim: SimContext, pageId: string, id: string): PublicNode | undefined {
  const post = sim.state.feed.posts.get(id);
  if (post) return post.pageId === pageId && !post.owner ? { kind: "post", post } : undefined;
  const comment = sim.state.feed.comments.get(id);
  const under = comment && sim.state.feed.posts.get(comment.postId);
  return comment && comment.pageId === pageId && !comment.deleted && !under?.owner ? { kind: "comment", comment } : undefined;
}

export function nodeValues(sim: SimContext, node: PublicNode): NodeValues {
  return node.kind === "post" ? postNode(sim, node.post) : commentNode(sim, node.comment);
}

/**
 * What a comment list answers: under a post, its top-level comments (Facebook's filter=stream: all of them);
 * under a comment, its replies. Oldest first, hidden ones included (the Page sees them), removed ones not.
 */
export function commentsUnder(sim: SimContext, node: PublicNode, stream: boolean): NodeValues[] {
  const under =
    node.kind === "post"
      ? liveCommentsOf(sim, node.post.id).filter((c) => stream || c.parentId === null)
      : liveCommentsOf(sim, node.comment.postId).filter((c) => c.parentId === node.comment.id);
  return under.map((c) => commentNode(sim, c));
}
