import { describe, expect, it } from "vitest";
import type { ApiComment, ApiPost } from "@/lib/contract/comments-api";
import { inView, postsInView, unseenIds } from "@/lib/inbox/comment-views";

// The comments view's filters in the browser (lib/inbox/comment-views.ts): the API's views (Open, Mine,
// Unassigned, Done, Snoozed) kept true as actions and live events change comments.

const comment = (id: string, over: Partial<ApiComment> = {}): ApiComment => ({
  id,
  kind: "fb_comment",
  postId: "post-1",
  externalId: `x${id}`,
  parentExternalId: null,
  author: { id: `a${id}`, name: `Person ${id}` },
  fromPage: false,
  text: `text ${id}`,
  createdTime: "2026-11-01T12:00:00.000Z",
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
  seen: false,
  labels: [],
  noteCount: 0,
  ...over,
});
const post = (id: string, comments: ApiComment[]): ApiPost => ({ id, kind: "fb_comment", externalId: `p${id}`, text: null, pictureUrl: null, permalink: null, lastCommentAt: "2026-11-01T12:00:00.000Z", comments });
const ann = { id: "ann", name: "Ann" };

describe("a comment's place in the views", () => {
  it("open, mine, unassigned, done and snoozed; never the Page's own comments", () => {
    const open = comment("1");
    const mine = comment("2", { assignee: ann });
    const done = comment("3", { status: "done", assignee: ann });
    const snoozed = comment("4", { status: "snoozed", snoozedUntil: "2026-11-02T09:00:00.000Z" });
    const reply = comment("5", { fromPage: true });
    const of = (view: Parameters<typeof inView>[1]) => [open, mine, done, snoozed, reply].filter((c) => inView(c, view, "ann")).map((c) => c.id);
    expect(of("open")).toEqual(["1", "2"]);
    expect(of("mine")).toEqual(["2"]);
    expect(of("unassigned")).toEqual(["1"]);
    expect(of("done")).toEqual(["3"]);
    expect(of("snoozed")).toEqual(["4"]);
  });

  it("keeps posts with a comment in the view, with those comments and the Page's replies to them only", () => {
    const posts = [
      post("a", [comment("1"), comment("2", { status: "done" }), comment("3", { fromPage: true, parentExternalId: "x1" }), comment("4", { fromPage: true, parentExternalId: "x2" })]),
      post("b", [comment("5", { status: "done" })]),
    ];
    expect(postsInView(posts, "open", "ann").map((p) => [p.id, p.comments.map((c) => c.id)])).toEqual([["a", ["1", "3"]]]);
    expect(postsInView(posts, "done", "ann").map((p) => [p.id, p.comments.map((c) => c.id)])).toEqual([["a", ["2", "4"]], ["b", ["5"]]]);
  });

  it("marks read the customers' comments shown that nobody saw, not the Page's nor removed ones", () => {
    const posts = [post("a", [comment("1"), comment("2", { seen: true }), comment("3", { fromPage: true, seen: true }), comment("4", { removed: true })])];
    expect(unseenIds(posts)).toEqual(["1"]);
  });
});
