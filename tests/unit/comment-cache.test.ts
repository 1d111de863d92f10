import { describe, expect, it } from "vitest";
import type { ApiComment, ApiPost, CommentsPage } from "@/lib/contract/comments-api";
import { applyComment, flattenPosts, markSeen, threadComments } from "@/lib/inbox/comment-cache";

// The comments view's data in the browser (lib/inbox/comment-cache.ts; issue 42): threads by Meta's parent id,
// and what a live comment does to the loaded pages.

const comment = (id: string, minute: number, parent: string | null = null, over: Partial<ApiComment> = {}): ApiComment => ({
  id,
  kind: "fb_comment",
  postId: "post-1",
  externalId: `x${id}`,
  parentExternalId: parent && `x${parent}`,
  author: { id: `a${id}`, name: `Person ${id}` },
  fromPage: false,
  text: `text ${id}`,
  createdTime: new Date(Date.UTC(2026, 10, 1, 12, minute)).toISOString(),
  editedAt: null,
  hidden: false,
  removed: false,
  liked: false,
  privateReply: null,
  privateReplyOpen: true,
  answeredAt: null,
  mention: null,
  assignee: null,
  status: "open",
  snoozedUntil: null,
  seen: true,
  labels: [],
  noteCount: 0,
  ...over,
});

const post = (id: string, comments: ApiComment[]): ApiPost => ({ id, kind: "fb_comment", externalId: `p${id}`, text: `post ${id}`, pictureUrl: null, permalink: null, lastCommentAt: "2026-11-01T12:00:00.000Z", comments });
const { comments: _drop, ...header } = post("post-new", []);

describe("a post's comments as threads", () => {
  it("puts each answer under the comment it answers, oldest first, and keeps an orphan on its own", () => {
    const threads = threadComments([comment("3", 3, "1"), comment("1", 1), comment("2", 2), comment("4", 4, "gone"), comment("5", 5, "3")]);
    expect(threads.map((t) => t.comment.id)).toEqual(["1", "2", "4"]);
    expect(threads[0]!.replies.map((r) => r.comment.id)).toEqual(["3"]);
    expect(threads[0]!.replies[0]!.replies.map((r) => r.comment.id)).toEqual(["5"]);
  });
});

describe("a comment applied to the loaded pages", () => {
  const pages: CommentsPage[] = [{ posts: [post("post-0", []), post("post-1", [comment("1", 1)])], nextCursor: "c" }, { posts: [post("post-2", [])], nextCursor: null }];

  it("replaces a known comment in place and adds a new one in time order, leaving the post where it is", () => {
    const hidden = applyComment(pages, { comment: comment("1", 1, null, { hidden: true }) });
    expect(hidden.found).toBe(true);
    expect(hidden.pages[0]!.posts[1]!.comments).toEqual([comment("1", 1, null, { hidden: true })]);
    const added = applyComment(hidden.pages, { comment: comment("0", 0) });
    expect(added.pages[0]!.posts.map((p) => p.id)).toEqual(["post-0", "post-1"]);
    expect(added.pages[0]!.posts[1]!.comments.map((c) => c.id)).toEqual(["0", "1"]);
  });

  it("brings a post it has not loaded to the top, once, even when a later page brings it again", () => {
    const result = applyComment(pages, { comment: comment("9", 9, null, { postId: "post-new" }), post: header });
    expect(result.found).toBe(false);
    expect(result.pages[0]!.posts.map((p) => p.id)).toEqual(["post-new", "post-0", "post-1"]);
    const again: CommentsPage[] = [...result.pages, { posts: [post("post-new", [])], nextCursor: null }];
    expect(flattenPosts(again).map((p) => p.id)).toEqual(["post-new", "post-0", "post-1", "post-2"]);
  });

  it("leaves the pages alone when an action's answer names a post that is not loaded", () => {
    expect(applyComment(pages, { comment: comment("9", 9, null, { postId: "elsewhere" }) }).pages).toEqual(pages);
  });
});

describe("comments marked read", () => {
  it("set only `seen` on the rows the cache holds now: a newer row (a mention read from Graph) stays as it is", () => {
    // The cache already took the mention's filled row from its event; mark-read's answer was read before it.
    const filled = comment("1", 1, null, { seen: false, mention: "comment", author: { id: "a1", name: "@fan" }, text: "@acme.shoes my new trail runners!" });
    const other = comment("2", 2, null, { seen: false });
    const pages: CommentsPage[] = [{ posts: [post("post-1", [filled, other]), post("post-2", [])], nextCursor: null }];
    const next = markSeen(pages, new Set(["1"]));
    expect(next[0]!.posts[0]!.comments).toEqual([{ ...filled, seen: true }, other]);
    expect(next[0]!.posts[1]).toBe(pages[0]!.posts[1]);
    // Nothing to change: the same pages, so nothing re-renders.
    expect(markSeen(next, new Set(["1", "gone"]))).toEqual(next);
    expect(markSeen(next, new Set(["1"]))[0]).toBe(next[0]);
  });
});
