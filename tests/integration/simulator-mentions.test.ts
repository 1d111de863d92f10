import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseWebhookBody } from "@/server/integrations/meta/webhook-body";
import { createSimulator, type Simulator } from "@/tools/simulator/create-simulator";

// Instagram @mentions in the Messenger simulator (issue 42): someone names the Page's account in the caption
// of a photo of theirs, or in a comment on it. What it POSTs must be Meta's `mentions` change (ids only), and
// what it answers for the account's reads and its public answer what Meta answers; the Page's own comment
// edges and private replies do not reach someone else's media.

const SECRET = "simulator-mentions-app-secret";
const IG = { id: "17841400000000093", username: "shoes.shop" };
const PAGE = { pageId: "200000000000093", name: "Shoes", accessToken: "PAGE_TOKEN_mentions_0093", instagram: IG };

// Parsed JSON off the wire; the assertions below are what check its shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const received: { raw: string; json: Json; signature: string }[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const raw = Buffer.concat(chunks).toString("utf8");
    received.push({ raw, json: JSON.parse(raw), signature: String(req.headers["x-hub-signature-256"]) });
    res.writeHead(200).end("EVENT_RECEIVED");
  });
});
let sim: Simulator;

async function http(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${sim.url}${path}`, { method, headers: { ...headers, ...(body !== undefined ? { "content-type": "application/json" } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Json) : undefined };
}
const graph = (method: string, path: string, body?: unknown) => http(method, `/v25.0/${path}`, body, { authorization: `Bearer ${PAGE.accessToken}` });
async function mention(body: Record<string, unknown>) {
  const res = await http("POST", `/sim/pages/${PAGE.pageId}/mentions`, { username: "ana.lima", ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const expectGraphError = (res: { status: number; body: Json }, code: number, subcode?: number) => {
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ type: "OAuthException", code, ...(subcode ? { error_subcode: subcode } : {}) });
};

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`;
  sim = await createSimulator({ port: 0, webhookUrl, appSecret: SECRET, echoDelayMs: 5, retryBaseDelayMs: 5, pages: [PAGE] });
});
afterAll(async () => {
  await sim.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});
beforeEach(async () => {
  await sim.whenIdle();
  await http("POST", "/sim/reset", {});
  received.length = 0;
});

describe("a customer @mentions the Instagram account", () => {
  it("in a caption: a photo of theirs and a signed `mentions` change with the media id alone", async () => {
    const { media, delivered } = await mention({ in: "caption", message: "My new sneakers" });
    expect(delivered).toBe(true);
    expect(media).toMatchObject({ channel: "instagram", message: "@shoes.shop My new sneakers", owner: { username: "ana.lima", isPage: false } });
    expect(received).toHaveLength(1);
    const { raw, json, signature } = received[0]!;
    expect(signature).toBe(`sha256=${createHmac("sha256", SECRET).update(raw).digest("hex")}`);
    expect(json).toEqual({ object: "instagram", entry: [{ id: IG.id, time: expect.any(Number), changes: [{ field: "mentions", value: { media_id: media.id } }] }] });
    expect(parseWebhookBody(json)).toMatchObject([{ kind: "comment", mention: "caption", commentId: media.id, postId: media.id, pageId: IG.id }]);
  });

  it("in a comment on their photo: only `mentions` ({comment_id, media_id}), no `comments` change; again on the same photo", async () => {
    const first = await mention({ in: "comment", message: "Thanks @shoes.shop!" });
    const again = await mention({ in: "comment", message: "and the laces", mediaId: first.media.id });
    expect(again.comment.message).toBe("@shoes.shop and the laces");
    expect(received.map((r) => r.json.entry[0].changes[0])).toEqual([
      { field: "mentions", value: { comment_id: first.comment.id, media_id: first.media.id } },
      { field: "mentions", value: { comment_id: again.comment.id, media_id: first.media.id } },
    ]);
    expect((await http("POST", `/sim/pages/${PAGE.pageId}/mentions`, { in: "comment", username: "tom.b", message: "hi", mediaId: first.media.id })).status).toBe(404);
    expect((await http("POST", `/sim/pages/${PAGE.pageId}/mentions`, { in: "caption", message: "hi" })).status).toBe(400);
  });
});

describe("the account's side (Graph)", () => {
  it("reads the mentioned comment with its media, and the mentioned media, through the account", async () => {
    const { media, comment } = await mention({ in: "comment", message: "@shoes.shop do you ship?" });
    const read = await graph("GET", `${IG.id}?fields=${encodeURIComponent(`mentioned_comment.comment_id(${comment.id}){id,text,timestamp,username,media{id,permalink,caption,media_url}}`)}`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body).toEqual({
      id: IG.id,
      mentioned_comment: { id: comment.id, text: "@shoes.shop do you ship?", timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*\+0000$/), username: "ana.lima", media: { id: media.id, permalink: media.permalinkUrl, caption: "", media_url: expect.stringMatching(/^http/) } },
    });
    const caption = (await mention({ in: "caption", message: "@shoes.shop rocks" })).media;
    const media2 = await graph("GET", `${IG.id}?fields=${encodeURIComponent(`mentioned_media.media_id(${caption.id}){id,caption,username,permalink}`)}`);
    expect(media2.body).toEqual({ id: IG.id, mentioned_media: { id: caption.id, caption: "@shoes.shop rocks", username: "ana.lima", permalink: caption.permalinkUrl } });
    // Only what names the account: the caption-less photo under the first comment mentions nobody.
    expectGraphError(await graph("GET", `${IG.id}?fields=${encodeURIComponent(`mentioned_media.media_id(${media.id}){id}`)}`), 100);
    expectGraphError(await graph("GET", `${IG.id}?fields=${encodeURIComponent(`mentioned_comment.media_id(${media.id})`)}`), 100);
  });

  it("answers publicly through POST /{ig-user-id}/mentions, and sends no webhook for someone else's media", async () => {
    const { media, comment } = await mention({ in: "comment", message: "@shoes.shop hello" });
    const caption = (await mention({ in: "caption", message: "@shoes.shop look" })).media;
    received.length = 0;
    const underComment = await graph("POST", `${IG.id}/mentions`, { media_id: media.id, comment_id: comment.id, message: "Hi Ana!" });
    const onMedia = await graph("POST", `${IG.id}/mentions`, { media_id: caption.id, message: "Looks great" });
    expect(sim.state.feed.comments.get(underComment.body.id)).toMatchObject({ postId: media.id, parentId: comment.id, message: "Hi Ana!", author: { id: IG.id, isPage: true } });
    expect(sim.state.feed.comments.get(onMedia.body.id)).toMatchObject({ postId: caption.id, parentId: null, message: "Looks great" });
    expectGraphError(await graph("POST", `${IG.id}/mentions`, { media_id: caption.id, comment_id: comment.id, message: "x" }), 100);
    expectGraphError(await graph("POST", `${IG.id}/mentions`, { media_id: media.id }), 100);
    await sim.whenIdle();
    expect(received).toHaveLength(0);
  });

  it("refuses the Page's comment edges and a private reply on someone else's media", async () => {
    const { comment } = await mention({ in: "comment", message: "@shoes.shop hi" });
    expectGraphError(await graph("POST", `${comment.id}/replies`, { message: "hi" }), 100, 33);
    expectGraphError(await graph("POST", comment.id, { hide: true }), 100, 33);
    expectGraphError(await graph("DELETE", comment.id), 100, 33);
    expectGraphError(await graph("POST", `${PAGE.pageId}/messages`, { recipient: { comment_id: comment.id }, message: { text: "psst" } }), 100, 33);
  });
});
