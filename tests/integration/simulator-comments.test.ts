import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseWebhookBody } from "@/server/integrations/meta/webhook-body";
import { createSimulator, type Simulator } from "@/tools/simulator/create-simulator";

// The public half of a Page in the Messenger simulator: posts, comments on Facebook and Instagram, the
// Page's public and private replies. What it POSTs must be what Meta POSTs (entry[].changes[]), and what
// it answers on the Graph side what Meta answers, errors included.

const SECRET = "simulator-comments-app-secret";
const IG = { id: "17841400000000091", username: "shoes.shop" };
const PAGE = { pageId: "200000000000091", name: "Shoes", accessToken: "PAGE_TOKEN_comments_0091", instagram: IG };
const OTHER = { pageId: "200000000000092", name: "Outlet", accessToken: "PAGE_TOKEN_comments_0092" };
const DAY = 86_400_000;

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
  const json = body !== undefined && typeof body !== "string";
  const res = await fetch(`${sim.url}${path}`, { method, headers: { ...headers, ...(json ? { "content-type": "application/json" } : {}) }, body: json ? JSON.stringify(body) : (body as string | undefined) });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Json) : undefined };
}
const control = (method: string, path: string, body?: unknown) => http(method, `/sim${path}`, body);
const graph = (method: string, path: string, body?: unknown, token = PAGE.accessToken) => http(method, `/v25.0/${path}`, body, { authorization: `Bearer ${token}` });
const privateReply = (commentId: string, text = "We sent you a message") => graph("POST", `${PAGE.pageId}/messages`, { recipient: { comment_id: commentId }, message: { text } });
/** The bodies of entry[].changes[] deliveries (messaging echoes and receipts left out). */
const changeBodies = () => received.map((r) => r.json).filter((b) => b.entry[0].changes);
const firstChange = (body: Json) => body.entry[0].changes[0];

const customer = async (channel: "messenger" | "instagram" = "messenger") =>
  (await control("POST", "/customers", { pageId: PAGE.pageId, firstName: "Ana", lastName: "Lima", channel, ...(channel === "instagram" ? { username: "ana.lima" } : {}) })).body.psid as string;
async function created(path: string, body: Record<string, unknown>) {
  const res = await control("POST", `/pages/${PAGE.pageId}${path}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const publish = (extra: Record<string, unknown> = {}) => created("/posts", { message: "Spring collection!", picture: true, ...extra });
const comment = async (body: Record<string, unknown>) => (await created("/comments", body)).comment;
const expectGraphError = (res: { status: number; body: Json }, code: number, message?: string) => {
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ type: "OAuthException", code, fbtrace_id: expect.any(String), ...(message ? { message } : {}) });
};

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`;
  sim = await createSimulator({ port: 0, webhookUrl, appSecret: SECRET, echoDelayMs: 5, retryBaseDelayMs: 5, pages: [PAGE, OTHER] });
});

afterAll(async () => {
  await sim.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

beforeEach(async () => {
  await sim.whenIdle();
  await control("POST", "/reset", {});
  received.length = 0;
});

describe("Facebook comments as feed webhooks", () => {
  it("delivers a comment as a signed feed add in Meta's shape, and a reply with its parent", async () => {
    const post = await publish();
    const psid = await customer();
    const top = await comment({ postId: post.id, psid, message: "Size 38 in red?" });
    expect(top.id).toMatch(new RegExp(`^${post.id.split("_")[1]}_\\d+$`));
    const { raw, signature, json } = received[0]!;
    expect(signature).toBe(`sha256=${createHmac("sha256", SECRET).update(raw).digest("hex")}`);
    const updated = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/);
    const value = { item: "comment", verb: "add", comment_id: top.id, post_id: post.id, parent_id: post.id, from: { id: psid, name: "Ana Lima" }, message: "Size 38 in red?", created_time: Math.floor(top.createdTime / 1000) };
    const about = { id: post.id, status_type: "added_photos", is_published: true, updated_time: updated, permalink_url: post.permalinkUrl };
    expect(json).toEqual({ object: "page", entry: [{ id: PAGE.pageId, time: expect.any(Number), changes: [{ field: "feed", value: { ...value, post: about } }] }] });
    expect(json.entry[0].time).toBeLessThan(1e11); // seconds, as Meta's changes carry them

    const textPost = await publish({ picture: false });
    const parent = await comment({ postId: textPost.id, psid, message: "Nice" });
    const reply = await comment({ postId: textPost.id, name: "Tom Becker", message: "Me too", parentId: parent.id });
    const replied = firstChange(received.at(-1)!.json).value;
    expect(replied).toMatchObject({ verb: "add", comment_id: reply.id, parent_id: parent.id, from: { id: reply.author.id, name: "Tom Becker" }, post: { status_type: "mobile_status_update" } });
    // The app's own parser reads every one of them as a comment.
    const events = received.flatMap((r) => parseWebhookBody(r.json));
    expect(events.map((e) => e.kind)).toEqual(["comment", "comment", "comment"]);
  });

  it("sends edited and remove from the control API, hide and unhide from the Graph API", async () => {
    const post = await publish();
    const c = await comment({ postId: post.id, psid: await customer(), message: "Too expensive" });
    const edited = await control("PATCH", `/comments/${c.id}`, { message: "A bit expensive" });
    expect(edited.body).toMatchObject({ comment: { message: "A bit expensive" }, delivered: true, deliveries: [{ status: 200 }] });
    const form = { "content-type": "application/x-www-form-urlencoded", authorization: `Bearer ${PAGE.accessToken}` };
    expect((await http("POST", `/v25.0/${c.id}`, "is_hidden=true", form)).body).toEqual({ success: true });
    expect((await graph("POST", c.id, { is_hidden: false })).body).toEqual({ success: true });
    await sim.whenIdle();
    expect((await control("DELETE", `/comments/${c.id}`)).body.comment.deleted).toBe(true);
    const values = changeBodies().map((b) => firstChange(b).value);
    expect(values.map((v) => v.verb)).toEqual(["add", "edited", "hide", "unhide", "remove"]);
    expect(values[1].message).toBe("A bit expensive");
    expect(values[4]).not.toHaveProperty("message"); // a removed comment's text is gone
    expect(values[4]).toMatchObject({ item: "comment", comment_id: c.id, post_id: post.id, parent_id: post.id, from: { id: c.author.id } });
  });
});

describe("Instagram comments and mentions", () => {
  it("delivers comments on the account's media, replies with parent_id, and a mention of the account", async () => {
    const media = await publish({ channel: "instagram" });
    expect(media.id).toMatch(/^\d+$/);
    const igsid = await customer("instagram");
    const top = await comment({ postId: media.id, psid: igsid, message: "Love it @shoes.shop" });
    await comment({ postId: media.id, username: "tom.b", message: "@shoes.shopper is not you", parentId: top.id });
    const bodies = changeBodies();
    expect(bodies).toHaveLength(3);
    expect(bodies[0]).toEqual({
      object: "instagram",
      entry: [{ id: IG.id, time: expect.any(Number), changes: [{ field: "comments", value: { id: top.id, text: "Love it @shoes.shop", from: { id: igsid, username: "ana.lima" }, media: { id: media.id, media_product_type: "FEED" } } }] }],
    });
    expect(bodies[1].entry[0]).toMatchObject({ id: IG.id, changes: [{ field: "mentions", value: { media_id: media.id, comment_id: top.id } }] });
    expect(firstChange(bodies[2]).value).toMatchObject({ parent_id: top.id, from: { username: "tom.b" } });
  });

  it("has no edit, and sends nothing for hiding or removing; hide is Instagram's parameter", async () => {
    const media = await publish({ channel: "instagram" });
    const c = await comment({ postId: media.id, psid: await customer("instagram"), message: "meh" });
    const edit = await control("PATCH", `/comments/${c.id}`, { message: "better" });
    expect(edit.status).toBe(400);
    expect(edit.body.error.message).toContain("Instagram comments cannot be edited");
    expectGraphError(await graph("POST", c.id, { is_hidden: true }), 100, "(#100) The parameter hide is required");
    expect((await graph("POST", c.id, { hide: true })).body).toEqual({ success: true });
    expect((await graph("GET", `${c.id}?fields=hidden,text,username`)).body).toEqual({ id: c.id, hidden: true, text: "meh", username: "ana.lima" });
    expect((await control("DELETE", `/comments/${c.id}`)).body).toMatchObject({ delivered: true, deliveries: [] });
    await sim.whenIdle();
    expect(changeBodies()).toHaveLength(1);
  });
});

describe("Graph API: the Page's public side", () => {
  it("posts a public reply and echoes it to the feed webhook as the Page's own comment", async () => {
    const post = await publish();
    const c = await comment({ postId: post.id, psid: await customer(), message: "Open on Sunday?" });
    const reply = await graph("POST", `${c.id}/comments`, { message: "Yes, 10 to 16!" });
    expect(reply.body).toEqual({ id: expect.stringMatching(/^\d+_\d+$/) });
    await sim.whenIdle();
    expect(firstChange(changeBodies().at(-1)).value).toMatchObject({ verb: "add", comment_id: reply.body.id, parent_id: c.id, from: { id: PAGE.pageId, name: "Shoes" }, message: "Yes, 10 to 16!" });
    const listed = (await control("GET", `/pages/${PAGE.pageId}/posts`)).body[0];
    expect(listed.comments.find((x: Json) => x.id === c.id).pageReplyIds).toEqual([reply.body.id]);
    expect((await graph("GET", `${c.id}/comments?fields=message,from`)).body).toEqual({ data: [{ id: reply.body.id, message: "Yes, 10 to 16!", from: { name: "Shoes", id: PAGE.pageId } }] });
  });

  it("answers an Instagram comment through /replies, echoed as the account", async () => {
    const media = await publish({ channel: "instagram" });
    const c = await comment({ postId: media.id, psid: await customer("instagram"), message: "Price?" });
    expectGraphError(await graph("POST", `${c.id}/comments`, { message: "wrong edge" }), 100);
    const reply = await graph("POST", `${c.id}/replies`, { message: "49 €" });
    expect(reply.body).toEqual({ id: expect.stringMatching(/^\d+$/) });
    await sim.whenIdle();
    expect(firstChange(changeBodies().at(-1)).value).toEqual({ id: reply.body.id, text: "49 €", from: { id: IG.id, username: IG.username }, media: { id: media.id, media_product_type: "FEED" }, parent_id: c.id });
  });

  it("hides, likes, unlikes and deletes a comment; another Page's token cannot touch it", async () => {
    const post = await publish();
    const c = await comment({ postId: post.id, psid: await customer(), message: "Spam spam" });
    expect((await graph("POST", `${c.id}/likes`)).body).toEqual({ success: true });
    expect((await graph("GET", `${c.id}?fields=user_likes,is_hidden,can_reply_privately`)).body).toEqual({ id: c.id, user_likes: true, is_hidden: false, can_reply_privately: true });
    expect((await graph("DELETE", `${c.id}/likes`)).body).toEqual({ success: true });
    await control("POST", "/errors", { endpoint: "comments", code: 2 }); // a failure queued for the next comment call
    expect((await graph("POST", `${c.id}/likes`)).body.error).toMatchObject({ code: 2, is_transient: true });
    expect(sim.state.feed.comments.get(c.id)!.likedByPage).toBe(false);
    expectGraphError(await graph("DELETE", c.id, undefined, OTHER.accessToken), 100);
    expect((await graph("DELETE", c.id)).body).toEqual({ success: true });
    await sim.whenIdle();
    expect(firstChange(changeBodies().at(-1)).value.verb).toBe("remove");
    expectGraphError(await graph("GET", `${c.id}?fields=message`), 100);
    expectGraphError(await graph("POST", `${c.id}/likes`), 100);
  });

  it("reads posts, media and comments with the requested fields only", async () => {
    const post = await publish();
    const media = await publish({ channel: "instagram", message: "New in" });
    const fields = await graph("GET", `${post.id}?fields=message,full_picture,permalink_url,created_time`);
    expect(fields.body).toEqual({ id: post.id, message: "Spring collection!", full_picture: post.pictureUrl, permalink_url: post.permalinkUrl, created_time: expect.stringMatching(/\+0000$/) });
    expect(post.pictureUrl).toMatch(new RegExp(`^${sim.url}/samples/\\w+\\.png$`));
    // The app's Instagram read: a photo has no thumbnail_url, so Meta leaves it out.
    expect((await graph("GET", `${media.id}?fields=caption,media_url,thumbnail_url,permalink`)).body).toEqual({ id: media.id, caption: "New in", media_url: media.pictureUrl, permalink: media.permalinkUrl });
    expectGraphError(await graph("GET", `${post.id}?fields=caption`), 100, "(#100) Tried accessing nonexisting field (caption) on node type (Post)");
    const c = await comment({ postId: post.id, name: "Tom Becker", message: "Nice" });
    const reply = await comment({ postId: post.id, psid: await customer(), message: "Agreed", parentId: c.id });
    expect((await graph("GET", `${reply.id}?fields=message,from,parent`)).body).toEqual({
      id: reply.id, message: "Agreed", from: { name: "Ana Lima", id: reply.author.id }, parent: { created_time: expect.any(String), from: { name: "Tom Becker", id: c.author.id }, message: "Nice", id: c.id },
    });
    expectGraphError(await graph("GET", `${post.id}?fields=message`, undefined, OTHER.accessToken), 100);
  });
});

describe("private replies (Send API, recipient.comment_id)", () => {
  it("answers with the commenter's PSID (IGSID on Instagram), records the message, refuses a second one with 10900", async () => {
    const post = await publish();
    const psid = await customer(); // never wrote: no messaging window, which a private reply does not need
    const c = await comment({ postId: post.id, psid, message: "DM me the price" });
    const res = await privateReply(c.id);
    expect(res).toEqual({ status: 200, body: { recipient_id: psid, message_id: expect.stringMatching(/^m_/) } });
    expect(sim.state.sent.at(-1)).toMatchObject({ pageId: PAGE.pageId, psid, mid: res.body.message_id, content: { text: "We sent you a message" }, privateReplyTo: c.id });
    expect(sim.state.feed.comments.get(c.id)!.privateReply).toEqual({ mid: res.body.message_id, at: expect.any(Number) });
    const thread = (await control("GET", `/thread?pageId=${PAGE.pageId}&psid=${psid}`)).body;
    expect(thread).toEqual([expect.objectContaining({ from: "page", text: "We sent you a message", privateReplyTo: c.id })]);
    await sim.whenIdle();
    expect(received.some((r) => r.json.entry[0].messaging?.[0]?.message?.mid === res.body.message_id)).toBe(true); // its echo
    expectGraphError(await privateReply(c.id), 10900, "(#10900) Activity already replied to");
    // Under Instagram media the reply goes to Direct, to the commenter's IGSID.
    const igsid = await customer("instagram");
    const onInstagram = await comment({ postId: (await publish({ channel: "instagram" })).id, psid: igsid, message: "info?" });
    expect((await privateReply(onInstagram.id)).body.recipient_id).toBe(igsid);
  });

  it("makes someone who never wrote a customer, whose answer then comes as an ordinary message", async () => {
    const post = await publish();
    const c = await comment({ postId: post.id, name: "Maria Santos", message: "Do you ship to Spain?" });
    const res = await privateReply(c.id, "We do!");
    expect(res.body.recipient_id).toBe(c.author.id);
    const customers = (await control("GET", `/customers?pageId=${PAGE.pageId}`)).body;
    expect(customers).toContainEqual(expect.objectContaining({ psid: c.author.id, firstName: "Maria", lastName: "Santos" }));
    // The private reply opened no window: the Page's next message waits for the person's answer.
    expectGraphError(await graph("POST", "me/messages", { recipient: { id: c.author.id }, messaging_type: "RESPONSE", message: { text: "Anything else?" } }), 10);
    const answer = await control("POST", "/messages", { pageId: PAGE.pageId, psid: c.author.id, text: "Great, thanks" });
    const delivered = received.map((r) => r.json.entry[0].messaging?.[0]).find((item) => item?.message?.mid === answer.body.mid);
    expect(delivered).toMatchObject({ sender: { id: c.author.id }, recipient: { id: PAGE.pageId }, message: { text: "Great, thanks" } });
    expect((await graph("POST", "me/messages", { recipient: { id: c.author.id }, messaging_type: "RESPONSE", message: { text: "Anything else?" } })).status).toBe(200);
  });

  it("refuses a comment older than 7 days (10903), the Page's own comment, an unknown one and an attachment", async () => {
    const post = await publish();
    const c = await comment({ postId: post.id, psid: await customer(), message: "Old news" });
    expect((await control("PATCH", `/comments/${c.id}`, { ageDays: 8 })).body.comment.createdTime).toBeLessThan(Date.now() - 8 * DAY + 60_000);
    expectGraphError(await privateReply(c.id), 10903, "(#10903) This activity can't be replied to");
    const own = await graph("POST", `${post.id}/comments`, { message: "Thanks all!" });
    expectGraphError(await privateReply(own.body.id), 10903);
    expectGraphError(await privateReply("123_456"), 100);
    const fresh = await comment({ postId: post.id, psid: await customer(), message: "New" });
    expectGraphError(await graph("POST", `${PAGE.pageId}/messages`, { recipient: { comment_id: fresh.id }, message: { attachment: { type: "image", payload: { url: "https://x.test/a.png" } } } }), 100);
  });
});

describe("control API", () => {
  it("rejects bad input with 400 and a message naming the field, unknown things with 404", async () => {
    const bad = async (method: string, path: string, body: unknown, text: string) => {
      const res = await control(method, path, body);
      expect(res.status, path).toBe(400);
      expect(res.body.error.message).toContain(text);
    };
    await bad("POST", `/pages/${PAGE.pageId}/posts`, {}, "message: is required");
    await bad("POST", `/pages/${PAGE.pageId}/posts`, { message: "x", channel: "twitter" }, "channel");
    await bad("POST", `/pages/${OTHER.pageId}/posts`, { message: "x", channel: "instagram" }, "has no Instagram account");
    await bad("POST", `/pages/${PAGE.pageId}/posts`, { message: "x", channel: "instagram", picture: false }, "always a photo");
    const post = await publish();
    await bad("POST", `/pages/${PAGE.pageId}/comments`, { postId: post.id, message: "hi" }, "give either psid");
    await bad("POST", `/pages/${PAGE.pageId}/comments`, { postId: "abc", name: "A", message: "hi" }, "postId: must be a post or comment id");
    await bad("POST", `/pages/${PAGE.pageId}/comments`, { postId: post.id, psid: await customer("instagram"), message: "hi" }, "writes on Instagram");
    const c = await comment({ postId: post.id, name: "A B", message: "hi" });
    await bad("PATCH", `/comments/${c.id}`, {}, "give message, ageDays or createdTime");
    await bad("PATCH", `/comments/${c.id}`, { mesage: "typo" }, "mesage");
    expect((await control("POST", `/pages/${PAGE.pageId}/comments`, { postId: `${PAGE.pageId}_1`, name: "A", message: "hi" })).status).toBe(404);
    expect((await control("GET", "/pages/999/posts")).status).toBe(404);
    expect((await control("PATCH", "/comments/1_2", { message: "x" })).status).toBe(404);
    await control("DELETE", `/comments/${c.id}`);
    expect((await control("DELETE", `/comments/${c.id}`)).status).toBe(409);
  });

  it("keeps posts across a traffic reset but not their comments; shows the section on the web page", async () => {
    const post = await publish();
    await comment({ postId: post.id, name: "A B", message: "hi" });
    await control("POST", "/reset", {});
    const posts = (await control("GET", `/pages/${PAGE.pageId}/posts`)).body;
    expect(posts.find((p: Json) => p.id === post.id).comments).toEqual([]);
    const page = await fetch(`${sim.url}/`).then((r) => r.text());
    expect(page).toContain("Posts &amp; comments");
    expect(page).not.toMatch(/(src|href)="https?:/);
  });

  it("seeds a post with two comments for npm run dev, without any webhook", async () => {
    const demo = await createSimulator({ port: 0, webhookUrl: "", pages: [PAGE], demoFeed: true });
    const [post] = [...demo.state.feed.posts.values()];
    expect([...demo.state.feed.comments.values()].map((c) => [c.postId, c.author.isPage])).toEqual([[post!.id, false], [post!.id, false]]);
    expect(demo.state.events).toEqual([]);
    await demo.close();
  });
});
