// The public half of a Page, as the simulator remembers it (feed.ts has the rules): the Page's posts on
// Facebook and on its linked Instagram account, and the comments under them.

export type FeedChannel = "facebook" | "instagram";

/** A Facebook post (id `{pageId}_{n}`) or an Instagram media (id: digits). Times in ms. */
export type SimPost = {
  id: string;
  pageId: string;
  channel: FeedChannel;
  /** The post's text (Facebook `message`, Instagram `caption`). */
  message: string;
  /** One of the simulator's sample photos as a path (/samples/…, made absolute when shown), or none. */
  picturePath: string | null;
  permalinkUrl: string;
  createdTime: number;
  /**
   * Someone else's Instagram media (a customer's), where they @mention the Page's account in its caption
   * or in a comment (mentions.ts). Absent: the Page's own post. The Page reaches it only through the mentions API.
   */
  owner?: CommentAuthor;
};

/**
 * Who wrote a comment: a person (Facebook: {id, name}; Instagram: {id, username}) or the Page itself
 * (`isPage`). A person's id is their PSID or IGSID, so a private reply reaches the same customer.
 */
export type CommentAuthor = { id: string; name?: string; username?: string; isPage: boolean };

/** A comment (Facebook id `{postN}_{n}`, Instagram digits); times in ms. */
export type SimComment = {
  id: string;
  pageId: string;
  postId: string;
  channel: FeedChannel;
  /** The top-level comment it answers; null for a comment on the post itself. */
  parentId: string | null;
  author: CommentAuthor;
  message: string;
  createdTime: number;
  hidden: boolean;
  deleted: boolean;
  likedByPage: boolean;
  /** Meta allows one private reply per comment: the Send API message that was it. */
  privateReply: { mid: string; at: number } | null;
  /** Public replies the Page wrote under this comment, oldest first. */
  pageReplyIds: string[];
};

export type SimFeedState = { posts: Map<string, SimPost>; comments: Map<string, SimComment> };

export function createFeedState(): SimFeedState {
  return { posts: new Map(), comments: new Map() };
}

/** Comments are traffic and go with every reset; the Page's posts stay until a full one, like its customers. */
export function resetFeedState(state: SimFeedState, all: boolean): void {
  state.comments.clear();
  if (all) state.posts.clear();
}
