import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { queue } from "@/server/queue/index";
import { processPendingWebhookEvents } from "@/server/services/inbound/process-webhook";
import { MENTION_PUBLIC_ONLY, type ApiComment, type CommentsPage } from "@/lib/contract/comments-api";
import type { Simulator } from "@/tools/simulator/create-simulator";
import { eventually, openSocket, simPost } from "./support/channel";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { simulateStoredPage, startGraphSimulator } from "./support/graph-sim";
import { startRealServer, type RealServer } from "./support/real-server";
import { postSigned } from "./support/webhook-post";

// Instagram @mentions of the Page's account on someone else's media (issue 42): Meta's `mentions` webhook in
// its reference shapes — `{comment_id, media_id}` for a comment, `{media_id}` for a caption — signed and
// delivered to the real server, stored once however often Meta delivers it, shown at once and live, then
// filled from Graph (the simulator answers GET /{ig-user-id}?fields=mentioned_comment… / mentioned_media…).
// The agent answers in public only (POST /{ig-user-id}/mentions); everything else is refused with the rule.

const USERNAME = "shoes.shop";
let server: RealServer;
let sim: Simulator;

beforeAll(async () => {
  sim = await startGraphSimulator();
});
afterAll(async () => {
  await sim.close();
  await queue().close();
});
beforeEach(async () => {
  server = await startRealServer({ realtime: true });
});
afterEach(async () => {
  await server.close();
});

async function world() {
  const company = await makeCompany("Acme");
  const staff = await makeUser("staff", company.id);
  const page = await makePage(company.id, [staff.id], "Shoes");
  simulateStoredPage(sim, page);
  const igId = `178414000000${page.facebookPageId.slice(-5)}`;
  sim.state.pages.get(page.facebookPageId)!.instagram = { id: igId, username: USERNAME };
  await db.instagramAccount.create({ data: { pageId: page.id, instagramId: igId, username: USERNAME, enabled: true, checkedAt: new Date() } });
  const token = await tokenFor(staff);
  return { company, page, igId, token, call: api(token) };
}

/** Meta's reference body of an Instagram `mentions` change. */
const mentionBody = (igId: string, value: Record<string, unknown>) => JSON.stringify({ object: "instagram", entry: [{ id: igId, time: Math.floor(Date.now() / 1000), changes: [{ field: "mentions", value }] }] });

async function deliver(raw: string) {
  const res = await postSigned(server.url, raw);
  expect(res.status).toBe(200);
  await processPendingWebhookEvents();
}

const api = (token: string) => async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

type SimMention = { media: { id: string; message: string; permalinkUrl: string }; comment?: { id: string } };
/** Someone @mentions the account in the simulator (Meta's side: what Graph then answers); no webhook URL, so we deliver Meta's body ourselves. */
const mentionIn = (pageId: string, body: Record<string, unknown>) => simPost<SimMention>(sim, `/sim/pages/${pageId}/mentions`, { username: "ana.lima", ...body });

describe("Instagram mentions from the webhook", () => {
  it("stores a comment mention once, shows it at once as an Instagram user, then its text, author and media", async () => {
    const { page, igId, token, call } = await world();
    const socket = await openSocket(server.url, token);
    expect(await socket.emit("join-page", { pageId: page.id })).toMatchObject({ ok: true });
    const { media, comment } = await mentionIn(page.facebookPageId, { in: "comment", message: "@shoes.shop are these in stock?" });

    const body = mentionBody(igId, { comment_id: comment!.id, media_id: media.id });
    await deliver(body);
    await deliver(body); // Meta's redelivery
    const rows = await db.comment.findMany({ where: { pageId: page.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ externalId: comment!.id, mention: "comment", channel: "instagram", fromPage: false });
    const first = await eventually(() => socket.events.filter((e) => e.name === "comment-updated"), (list) => list.length >= 1);
    expect(first[0]!.payload).toMatchObject({ comment: { mention: "comment", author: { name: "Instagram user" }, privateReplyOpen: false }, post: { externalId: media.id, kind: "ig_comment" } });

    // Read from Graph after, and announced again.
    const filled = await eventually(() => socket.events.filter((e) => e.name === "comment-updated").map((e) => e.payload as { comment: ApiComment; post: { text: string | null; permalink: string | null } }), (list) => list.some((p) => p.comment.text !== ""));
    expect(filled.at(-1)).toMatchObject({ comment: { text: "@shoes.shop are these in stock?", author: { name: "@ana.lima" } }, post: { permalink: media.permalinkUrl } });
    expect(await db.comment.count({ where: { pageId: page.id } })).toBe(1);
    const listed = (await call("GET", `/api/comments?pageId=${page.id}`)).body as unknown as CommentsPage;
    expect(listed.posts[0]!.comments).toEqual([expect.objectContaining({ mention: "comment", text: "@shoes.shop are these in stock?" })]);
    socket.close();
  });

  it("stores a caption mention as the media's caption, once", async () => {
    const { page, igId } = await world();
    const { media } = await mentionIn(page.facebookPageId, { in: "caption", message: "My new sneakers from @shoes.shop" });
    await deliver(mentionBody(igId, { media_id: media.id }));
    await deliver(mentionBody(igId, { media_id: media.id }));
    const row = await eventually(() => db.comment.findFirstOrThrow({ where: { pageId: page.id } }), (r) => r.text !== "");
    expect(row).toMatchObject({ externalId: media.id, mention: "caption", text: "My new sneakers from @shoes.shop", authorName: "@ana.lima" });
    expect(await db.comment.count({ where: { pageId: page.id } })).toBe(1);
    expect(await db.post.findFirstOrThrow({ where: { pageId: page.id } })).toMatchObject({ externalId: media.id, text: "My new sneakers from @shoes.shop", permalink: media.permalinkUrl });
  });

  it("quarantines a mention it cannot read, without a row and without a 500", async () => {
    const { page, igId } = await world();
    await deliver(mentionBody(igId, { comment_id: "17890000000000001" })); // no media_id
    await deliver(mentionBody(igId, { comment_id: "../../me", media_id: "17890000000000001" }));
    expect(await db.comment.count({ where: { pageId: page.id } })).toBe(0);
    const reasons = (await db.webhookQuarantine.findMany({ where: { raw: { contains: "17890000000000001" } } })).map((q) => q.reason);
    expect(reasons.sort()).toEqual([expect.stringMatching(/^unreadable mention: comment_id is not a Graph object id/), expect.stringMatching(/^unreadable mention: media_id/)].sort());
  });
});

describe("answering a mention", () => {
  async function mentioned(kind: "comment" | "caption") {
    const w = await world();
    const made = await mentionIn(w.page.facebookPageId, { in: kind, message: "Love @shoes.shop" });
    await deliver(mentionBody(w.igId, kind === "comment" ? { comment_id: made.comment!.id, media_id: made.media.id } : { media_id: made.media.id }));
    const row = await db.comment.findFirstOrThrow({ where: { pageId: w.page.id } });
    return { ...w, ...made, row };
  }

  it("replies publicly to a comment mention through POST /{ig-user-id}/mentions, under the comment", async () => {
    const { row, comment, call } = await mentioned("comment");
    const res = await call("POST", `/api/comments/${row.id}/reply`, { text: "Thank you!" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.reply).toMatchObject({ fromPage: true, text: "Thank you!", parentExternalId: comment!.id, mention: "comment" });
    const onInstagram = sim.state.feed.comments.get((res.body.reply as ApiComment).externalId);
    expect(onInstagram).toMatchObject({ parentId: comment!.id, message: "Thank you!", author: { isPage: true } });
  });

  it("replies publicly to a caption mention with the media id alone, and applies the whitelist", async () => {
    const { row, media, call, company } = await mentioned("caption");
    expect(await call("POST", `/api/comments/${row.id}/reply`, { text: "see https://evil.example/x" })).toMatchObject({ status: 422, body: { urls: ["https://evil.example/x"] } });
    expect(await db.violation.count({ where: { companyId: company.id } })).toBe(1);
    const res = await call("POST", `/api/comments/${row.id}/reply`, { text: "Looking good!" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const onInstagram = sim.state.feed.comments.get((res.body.reply as ApiComment).externalId);
    expect(onInstagram).toMatchObject({ postId: media.id, parentId: null, message: "Looking good!" });
  });

  it("refuses a private reply, like, hide and delete with Meta's rule, before Meta is asked", async () => {
    const { row, call } = await mentioned("comment");
    for (const [method, path, body] of [
      ["POST", "private-reply", { text: "Hi" }],
      ["POST", "like", { liked: true }],
      ["POST", "hide", { hidden: true }],
      ["DELETE", "", undefined],
    ] as const) {
      const res = await call(method, `/api/comments/${row.id}${path ? `/${path}` : ""}`, body);
      expect(res, `${method} ${path}`).toMatchObject({ status: 422, body: { error: MENTION_PUBLIC_ONLY } });
    }
    expect(await db.comment.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ likedAt: null, hidden: false, removedAt: null, privateReplyAt: null });
  });
});
