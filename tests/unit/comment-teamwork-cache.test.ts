import { describe, expect, it } from "vitest";
import type { ApiComment, CommentsPage } from "@/lib/contract/comments-api";
import { applyComment } from "@/lib/inbox/comment-cache";
import { applyCommenterLabels, applyNoteCount } from "@/lib/inbox/comment-teamwork-cache";

// The team's layer in the comments view's caches (lib/inbox/comment-teamwork-cache.ts; issue 42 point 3): a
// commenter's labels follow them to every comment of theirs, a note count lands on its comment, and an action's
// answer (which carries neither) does not wipe them.

const comment = (id: string, author: string, over: Partial<ApiComment> = {}): ApiComment => ({
  id, kind: "fb_comment", postId: "post-1", externalId: `x${id}`, parentExternalId: null, author: { id: author, name: `Person ${author}` }, fromPage: false, text: `text ${id}`,
  createdTime: `2026-11-01T12:0${id}:00.000Z`, editedAt: null, hidden: false, removed: false, liked: false, privateReply: null, privateReplyOpen: true, answeredAt: null, mention: null,
  assignee: null, status: "open", snoozedUntil: null, seen: true, labels: [], noteCount: 0, ...over,
});
const pages = (...comments: ApiComment[]): CommentsPage[] => [
  { posts: [{ id: "post-1", kind: "fb_comment", externalId: "p1", text: null, pictureUrl: null, permalink: null, lastCommentAt: "2026-11-01T12:00:00.000Z", comments }], nextCursor: null },
];
const all = (p: CommentsPage[]) => p.flatMap((page) => page.posts.flatMap((post) => post.comments));

describe("the team's layer in the comments cache", () => {
  it("puts a commenter's labels on each of their comments, same network only, never on the Page's", () => {
    const before = pages(comment("1", "ada"), comment("2", "ada"), comment("3", "bob"), comment("4", "ada", { kind: "ig_comment" }), comment("5", "ada", { fromPage: true }));
    const after = applyCommenterLabels(before, { kind: "fb_comment", authorId: "ada", labels: [{ name: "vip", color: "red" }] });
    expect(all(after).map((c) => c.labels.length)).toEqual([1, 1, 0, 0, 0]);
    // Nothing to change: the same object, so nothing re-renders.
    expect(applyCommenterLabels(before, { kind: "fb_comment", authorId: "nobody", labels: [] })).toBe(before);
  });

  it("sets a comment's note count, and an action's answer keeps the labels and count it lacks", () => {
    const counted = applyNoteCount(pages(comment("1", "ada", { labels: [{ name: "vip", color: "red" }] })), "1", 2);
    expect(all(counted)[0]!.noteCount).toBe(2);
    const liked = applyComment(counted, { comment: comment("1", "ada", { liked: true }) }).pages;
    expect(all(liked)[0]).toMatchObject({ liked: true, noteCount: 2, labels: [{ name: "vip", color: "red" }] });
  });
});
