import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { encryptSecret } from "@/server/security/secret-box";
import { signatureFor } from "@/server/integrations/meta/webhook-signature";
import { sendMessage } from "@/server/integrations/meta/graph-client";
import { offerMetadata } from "@/server/services/offers/confirm-echo";
import * as sendRoute from "@/app/api/send-message/route";
import * as retryRoute from "@/app/api/send-message/retry/route";
import * as threadRoute from "@/app/api/conversation/[conversationId]/[pageId]/route";
import { call } from "./support/http";
import { makeCompany, makeUser, tokenFor } from "./support/factory";
import { eventually, openSocket, simGet, simPost, startChannel, type Channel } from "./support/channel";

const PAGE_ID = "200000000000001";
const PAGE_TOKEN = "PAGE_TOKEN_for_integration_tests_0001";

let channel: Channel;
let page: { id: string };
let staffToken: string;
let companyId: string;

beforeEach(async () => {
  const company = await makeCompany("Acme");
  companyId = company.id;
  const staff = await makeUser("staff", company.id, { name: "Sara Staff" });
  page = await db.page.create({ data: { companyId: company.id, name: "Acme Shoes", facebookPageId: PAGE_ID, accessTokenEnc: encryptSecret(PAGE_TOKEN) } });
  await db.pageAssignment.create({ data: { userId: staff.id, pageId: page.id } });
  staffToken = await tokenFor(staff);
  channel = await startChannel([{ pageId: PAGE_ID, name: "Acme Shoes", accessToken: PAGE_TOKEN }]);
});

afterEach(async () => {
  await channel.close();
});

async function customer(firstName = "Maya", lastName = "Chen", extra: Record<string, unknown> = {}) {
  return simPost<{ psid: string }>(channel.sim, "/sim/customers", { pageId: PAGE_ID, firstName, lastName, ...extra });
}

async function messagesOf(psid: string) {
  return db.message.findMany({ where: { conversation: { customer: { psid } } }, orderBy: { createdTime: "asc" } });
}

async function conversationOf(psid: string) {
  return db.conversation.findFirstOrThrow({ where: { customer: { psid } }, include: { customer: true } });
}

/** The conversation once the customer's message is folded in (the window is known). */
function repliable(psid: string) {
  return eventually(() => db.conversation.findFirst({ where: { customer: { psid } } }), (c) => Boolean(c?.lastInboundAt));
}

function send(body: Record<string, unknown>) {
  return call(sendRoute.POST, "POST", "/api/send-message", { token: staffToken, body: { pageId: page.id, message_type: "text", ...body } });
}

async function sent(psid: string) {
  return simGet<{ messagingType: string; tag?: string; message: { text?: string } }[]>(channel.sim, `/sim/sent?pageId=${PAGE_ID}&psid=${psid}`);
}

describe("webhook security", () => {
  it("answers the verification handshake only with the verify token", async () => {
    const ok = await fetch(`${channel.appUrl}/api/webhooks/messenger?hub.mode=subscribe&hub.verify_token=integration-verify-token&hub.challenge=4242`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("4242");
    const bad = await fetch(`${channel.appUrl}/api/webhooks/messenger?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=4242`);
    expect(bad.status).toBe(403);
  });

  it("rejects a missing or wrong X-Hub-Signature-256 with 401 and stores nothing", async () => {
    const body = JSON.stringify({ object: "page", entry: [] });
    const post = (headers: Record<string, string>) => fetch(`${channel.appUrl}/api/webhooks/messenger`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
    expect((await post({})).status).toBe(401);
    expect((await post({ "x-hub-signature-256": signatureFor(body, "another-secret") })).status).toBe(401);
    expect((await post({ "x-hub-signature-256": "sha256=00" })).status).toBe(401);
    expect(await db.webhookEvent.count()).toBe(0);
    expect((await post({ "x-hub-signature-256": signatureFor(body, "integration-app-secret") })).status).toBe(200);
  });

  it("acknowledges an unknown page and malformed-but-signed bodies without a 500", async () => {
    const unknown = JSON.stringify({ object: "page", entry: [{ id: "999", time: 1, messaging: [{ sender: { id: "1" }, recipient: { id: "999" }, timestamp: 1, message: { mid: "m_x", text: "hi" } }] }] });
    const res = await fetch(`${channel.appUrl}/api/webhooks/messenger`, { method: "POST", headers: { "x-hub-signature-256": signatureFor(unknown, "integration-app-secret") }, body: unknown });
    expect(res.status).toBe(200);
    const weird = JSON.stringify({ object: "page", entry: [{ id: PAGE_ID, messaging: [{ nonsense: true }] }] });
    expect((await fetch(`${channel.appUrl}/api/webhooks/messenger`, { method: "POST", headers: { "x-hub-signature-256": signatureFor(weird, "integration-app-secret") }, body: weird })).status).toBe(200);
    const notJson = "not json";
    expect((await fetch(`${channel.appUrl}/api/webhooks/messenger`, { method: "POST", headers: { "x-hub-signature-256": signatureFor(notJson, "integration-app-secret") }, body: notJson })).status).toBe(200);
    expect(await db.webhookQuarantine.findMany({ where: { scope: "body" }, select: { raw: true } })).toEqual([{ raw: "not json" }]);
    await eventually(() => db.webhookEvent.count({ where: { processedAt: null } }), (n) => n === 0);
    expect(await db.message.count()).toBe(0);
  });
});

describe("inbound events", () => {
  it("stores a customer's text once, pushes new-message to the page room at once, then the name and avatar from the profile API", async () => {
    const socket = await openSocket(channel.appUrl, staffToken);
    expect(await socket.emit("join-page", { pageId: page.id })).toMatchObject({ ok: true });
    const { psid } = await customer();
    await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text: "Is the spring offer still on?" });

    // A first contact is shown before the profile lookup: with the fallback name, then updated.
    const event = await eventually(() => socket.events.find((e) => e.name === "new-message"), Boolean);
    expect(event?.payload).toMatchObject({
      pageId: page.id,
      message: { message: "Is the spring offer still on?", from: { id: psid, name: `Customer ${psid.slice(-4)}` }, direction: "inbound" },
      conversation: { from_name: `Customer ${psid.slice(-4)}`, last_message: "Is the spring offer still on?", unread_count: 1, page_id: page.id },
    });
    const update = await eventually(() => socket.events.find((e) => e.name === "conversation-updated"), Boolean);
    expect(update?.payload).toMatchObject({
      pageId: page.id,
      conversation: { from_name: "Maya Chen", avatar: expect.stringContaining(`/avatars/${psid}.svg`), last_message: "Is the spring offer still on?", unread_count: 1 },
    });
    const conversation = await conversationOf(psid);
    expect(conversation.customer.name).toBe("Maya Chen");
    expect(conversation.customer.avatarUrl).toContain(`/avatars/${psid}.svg`);
    expect(conversation.unreadCount).toBe(1);
    socket.close();
  });

  it("falls back to a readable name when the profile lookup fails", async () => {
    const { psid } = await customer("Hidden", "Person", { profileError: true });
    await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text: "hello" });
    const conversation = await eventually(() => db.conversation.findFirst({ where: { customer: { psid } }, include: { customer: true } }), (c) => Boolean(c?.customer.profileFetchedAt));
    expect(conversation?.customer.name).toBe(`Customer ${psid.slice(-4)}`);
  });

  it("stores images, stickers and postbacks", async () => {
    const { psid } = await customer();
    await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, imageUrl: "/samples/parcel.png" });
    await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, stickerId: 369239263222822 });
    await simPost(channel.sim, "/sim/postback", { pageId: PAGE_ID, psid, title: "Get started", payload: "GET_STARTED" });
    const rows = await eventually(() => messagesOf(psid), (r) => r.length === 3);
    expect(rows[0]).toMatchObject({ isImage: true, text: null });
    expect((rows[0]!.attachments as { url: string }[])[0]!.url).toContain("/samples/parcel.png");
    expect(rows[1]!.stickerUrl).toContain("/stickers/369239263222822");
    expect(rows[2]!.text).toBe("Get started");
    const conversation = await conversationOf(psid);
    expect(conversation.lastMessageText).toBe("Get started");
  });

  it("never stores a duplicate delivery twice, and orders out-of-order deliveries by timestamp", async () => {
    const { psid } = await customer();
    await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text: "only once", duplicate: true });
    const base = Date.now() - 60_000;
    await simPost(channel.sim, "/sim/batch", {
      outOfOrder: true,
      events: [1, 2, 3].map((n) => ({ pageId: PAGE_ID, psid, text: `step ${n}`, timestamp: base + n * 1000 })),
    });
    await channel.sim.whenIdle();
    const rows = await eventually(() => messagesOf(psid), (r) => r.length === 4);
    expect(rows.map((r) => r.text)).toEqual(["step 1", "step 2", "step 3", "only once"]);
    // The last insert's summary update may still be on its way.
    const conversation = await eventually(() => conversationOf(psid), (c) => c.unreadCount === 4);
    expect(conversation.lastMessageText).toBe("only once");
    expect(conversation.unreadCount).toBe(4);
  });

  it("keeps the newest preview when an older message arrives late", async () => {
    const { psid } = await customer();
    await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text: "newer" });
    await eventually(() => messagesOf(psid), (r) => r.length === 1);
    await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text: "older", timestamp: Date.now() - 3_600_000 });
    await eventually(() => messagesOf(psid), (r) => r.length === 2);
    expect((await conversationOf(psid)).lastMessageText).toBe("newer");
  });

  it("stores a reply typed in Facebook's Page inbox as outgoing, once", async () => {
    const { psid } = await customer();
    await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text: "hi" });
    await simPost(channel.sim, "/sim/echo", { pageId: PAGE_ID, psid, text: "Answered from Facebook" });
    await channel.sim.whenIdle();
    const rows = await eventually(() => messagesOf(psid), (r) => r.length === 2);
    expect(rows[1]).toMatchObject({ direction: "outbound", isEcho: true, text: "Answered from Facebook", senderId: PAGE_ID });
  });
});

describe("bulk offer echoes", () => {
  it("an offer's echo settles its ledger row with Meta's id and shows in the thread as outgoing", async () => {
    const { psid } = await customer();
    await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text: "any deals?" });
    const conversation = await repliable(psid);
    const offer = await db.offer.create({ data: { companyId, pageId: page.id, createdByName: "Ada", type: "text", message: "Spring sale" } });
    // A worker claimed the row and made the call, then died before recording the answer.
    const row = await db.offerRecipient.create({ data: { offerId: offer.id, customerId: conversation!.customerId, status: "claimed", claimedAt: new Date(), attempts: 1 } });
    const { messageId } = await sendMessage(PAGE_ID, PAGE_TOKEN, { recipientId: psid, messagingType: "UPDATE", message: { text: "Spring sale", metadata: offerMetadata(row.id) } });

    const settled = await eventually(() => db.offerRecipient.findUniqueOrThrow({ where: { id: row.id } }), (r) => r.status === "sent");
    expect(settled.messageId).toBe(messageId);
    // The row settles first, the offer's counts right after (recountOffer): wait for both.
    expect(await eventually(() => db.offer.findUniqueOrThrow({ where: { id: offer.id } }), (o) => o.sentCount === 1)).toMatchObject({ sentCount: 1 });
    const rows = await eventually(() => messagesOf(psid), (r) => r.length === 2);
    expect(rows[1]).toMatchObject({ direction: "outbound", isEcho: true, text: "Spring sale", mid: messageId });
  });
});

describe("replies through the Send API", () => {
  it("sends with RESPONSE inside 24 h; the echo and delivery receipt do not duplicate it", async () => {
    const { psid } = await customer();
    await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text: "Do you ship to Porto?" });
    const conversation = await repliable(psid);
    const res = await send({ conversationId: conversation!.id, recipient_id: psid, text: "Yes, in 2 days!" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: "Yes, in 2 days!", direction: "outbound", isVoilation: false, status: "sent" });
    expect((await sent(psid)).map((s) => [s.messagingType, s.message.text])).toEqual([["RESPONSE", "Yes, in 2 days!"]]);
    await channel.sim.whenIdle();
    const rows = await eventually(() => messagesOf(psid), (r) => r[1]?.sendStatus === "delivered");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ text: "Yes, in 2 days!", sendStatus: "delivered", mid: res.body.mid });
    await simPost(channel.sim, "/sim/read", { pageId: PAGE_ID, psid });
    await eventually(() => messagesOf(psid), (r) => r[1]?.sendStatus === "read");
  });

  it("shows a reply to the page's sockets as sending before Meta answers, then as sent with Meta's id", async () => {
    const { psid } = await customer();
    await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text: "Still open today?" });
    const conversation = await repliable(psid);
    const socket = await openSocket(channel.appUrl, staffToken);
    expect(await socket.emit("join-page", { pageId: page.id })).toMatchObject({ ok: true });
    const res = await send({ conversationId: conversation!.id, text: "Until 8 pm!" });
    expect(res.status).toBe(200);
    const events = await eventually(() => socket.events.filter((e) => /Until 8 pm/.test(JSON.stringify(e.payload))), (list) => list.length >= 2);
    expect(events.map((e) => e.name)).toEqual(["new-message", "message-updated"]);
    expect(events[0]!.payload).toMatchObject({
      message: { id: res.body.id, message: "Until 8 pm!", direction: "outbound", status: "pending", mid: null },
      conversation: { last_message: "Until 8 pm!" },
    });
    expect(events[1]!.payload).toMatchObject({ message: { id: res.body.id, status: "sent", mid: res.body.mid }, conversation: { last_message: "Until 8 pm!" } });
    socket.close();
  });

  it("gives the sending browser's clientId back on the reply's new-message and answer only, for two identical replies each its own (issue 41)", async () => {
    const { psid } = await customer();
    await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text: "Are you there?" });
    const conversation = await repliable(psid);
    const socket = await openSocket(channel.appUrl, staffToken);
    expect(await socket.emit("join-page", { pageId: page.id })).toMatchObject({ ok: true });
    const [one, two] = await Promise.all([send({ conversationId: conversation!.id, text: "Yes", clientId: "tmp-a-1" }), send({ conversationId: conversation!.id, text: "Yes", clientId: "tmp-b-2" })]);
    expect([one.body.client_id, two.body.client_id]).toEqual(["tmp-a-1", "tmp-b-2"]);
    expect(one.body.id).not.toBe(two.body.id);
    const news = await eventually(() => socket.events.filter((e) => e.name === "new-message" && (e.payload as { message: { message: string } }).message.message === "Yes"), (list) => list.length >= 2);
    const byId = new Map(news.map((e) => [(e.payload as { message: { id: string } }).message.id, (e.payload as { message: { client_id?: string } }).message.client_id]));
    expect(byId).toEqual(new Map([[one.body.id, "tmp-a-1"], [two.body.id, "tmp-b-2"]]));
    // What other events and reads carry has no clientId: it means something only to the browser that sent it.
    const updates = await eventually(() => socket.events.filter((e) => e.name === "message-updated" && /"Yes"/.test(JSON.stringify(e.payload))), (list) => list.length >= 2);
    expect(updates.every((e) => !("client_id" in (e.payload as { message: object }).message))).toBe(true);
    expect((await send({ conversationId: conversation!.id, text: "x", clientId: "<script>" })).status).toBe(400);
    socket.close();
  });

  it("keeps a reply Meta refused in the thread, failed with the reason; Retry sends the same row again, once (issue 30)", async () => {
    const { psid } = await customer();
    await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text: "Can I return these?" });
    const conversation = await repliable(psid);
    const socket = await openSocket(channel.appUrl, staffToken);
    expect(await socket.emit("join-page", { pageId: page.id })).toMatchObject({ ok: true });
    await simPost(channel.sim, "/sim/errors", { pageId: PAGE_ID, code: 551 });
    const res = await send({ conversationId: conversation!.id, text: "Of course, within 30 days" });
    await fetch(`${channel.sim.url}/sim/errors`, { method: "DELETE" });
    expect(res.status).toBe(422);
    // The agent's error carries the reply as it now stands, so the composer shows it failed, not gone.
    expect(res.body.message).toMatchObject({ message: "Of course, within 30 days", status: "failed", error_message: "This person isn't available to receive messages right now." });

    const failed = await eventually(() => socket.events.find((e) => e.name === "message-updated" && /"status":"failed"/.test(JSON.stringify(e.payload))), Boolean);
    expect(failed?.payload).toMatchObject({ message: { id: res.body.message.id, status: "failed" } });
    expect(socket.events.some((e) => e.name === "message-removed")).toBe(false);
    expect((await messagesOf(psid)).map((m) => m.text)).toEqual(["Can I return these?", "Of course, within 30 days"]);
    expect(await sent(psid)).toEqual([]);

    const retried = await call(retryRoute.POST, "POST", "/api/send-message/retry", { token: staffToken, body: { conversationId: conversation!.id, pageId: page.id, messageId: res.body.message.id } });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body).toMatchObject({ id: res.body.message.id, status: "sent", error_message: null });
    expect((await sent(psid)).map((s) => s.message.text)).toEqual(["Of course, within 30 days"]);
    expect((await messagesOf(psid)).map((m) => m.text)).toEqual(["Can I return these?", "Of course, within 30 days"]);
    // Sent: nothing left to retry.
    const again = await call(retryRoute.POST, "POST", "/api/send-message/retry", { token: staffToken, body: { conversationId: conversation!.id, pageId: page.id, messageId: res.body.message.id } });
    expect(again.status).toBe(409);
    socket.close();
  });

  it("with auto-assign on, the first agent to reply owns a conversation nobody owned (not one already owned)", async () => {
    const { psid } = await customer("Ana");
    await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text: "Hello?" });
    const conversation = await repliable(psid);
    // Off (the default): replying assigns nobody.
    expect((await send({ conversationId: conversation!.id, text: "Hi!" })).status).toBe(200);
    expect((await conversationOf(psid)).assigneeId).toBeNull();
    await db.page.update({ where: { id: page.id }, data: { autoAssign: true } });
    const res = await send({ conversationId: conversation!.id, text: "How can I help?" });
    expect(res.status).toBe(200);
    const staff = await db.user.findFirstOrThrow({ where: { name: "Sara Staff", companyId } });
    expect((await conversationOf(psid)).assigneeId).toBe(staff.id);
    // Someone else's conversation stays theirs.
    const other = await makeUser("staff", companyId, { name: "Tom Staff" });
    await db.pageAssignment.create({ data: { userId: other.id, pageId: page.id } });
    await db.conversation.update({ where: { id: conversation!.id }, data: { assigneeId: other.id } });
    expect((await send({ conversationId: conversation!.id, text: "One more thing" })).status).toBe(200);
    expect((await conversationOf(psid)).assigneeId).toBe(other.id);
  });

  it("uses MESSAGE_TAG + HUMAN_AGENT between 24 h and 7 d, and refuses after 7 d without calling Meta", async () => {
    const { psid } = await customer();
    await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text: "old question", timestamp: Date.now() - 30 * 3_600_000 });
    const conversation = await repliable(psid);
    const late = await send({ conversationId: conversation!.id, text: "Sorry for the wait" });
    expect(late.body).toMatchObject({ status: "sent" });
    expect((await sent(psid)).map((s) => [s.messagingType, s.tag])).toEqual([["MESSAGE_TAG", "HUMAN_AGENT"]]);

    await db.conversation.update({ where: { id: conversation!.id }, data: { lastInboundAt: new Date(Date.now() - 8 * 86_400_000) } });
    const refused = await send({ conversationId: conversation!.id, text: "Anyone there?" });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatch(/within 7 days/);
    expect(await sent(psid)).toHaveLength(1);
  });

  it("maps each Send API error to a clear outcome", async () => {
    const { psid } = await customer();
    await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text: "hi" });
    const conversation = await repliable(psid);
    const attempt = async (error: Record<string, unknown>) => {
      await simPost(channel.sim, "/sim/errors", { pageId: PAGE_ID, ...error });
      const res = await send({ conversationId: conversation!.id, text: `try ${JSON.stringify(error)}` });
      await fetch(`${channel.sim.url}/sim/errors`, { method: "DELETE" });
      return res;
    };
    expect(await attempt({ code: 551 })).toMatchObject({ status: 422, body: { error: "This person isn't available to receive messages right now.", graph: { kind: "person_unavailable" } } });
    expect(await attempt({ code: 10, subcode: 2018278 })).toMatchObject({ status: 422, body: { graph: { kind: "outside_window" } } });
    expect(await attempt({ code: 613, count: 2 })).toMatchObject({ status: 429, body: { graph: { kind: "rate_limited" } } });
    expect(await attempt({ code: 100 })).toMatchObject({ status: 502, body: { graph: { kind: "invalid_parameter" } } });
    // Transient errors are retried: one failure, then the retry goes through.
    expect((await attempt({ code: 2, count: 1 })).status).toBe(200);
    // Each refused reply stays in the thread, failed with its reason (issue 30); the retried one is stored once.
    expect((await messagesOf(psid)).filter((m) => m.direction === "outbound").map((m) => m.sendStatus)).toEqual(["failed", "failed", "failed", "failed", expect.stringMatching(/^(sent|delivered)$/)]);

    // "Page temporarily restricted" (10/1893063): the reply fails with it in words, and the Page's health shows
    // it as a warning (banner, one e-mail a day) — not a block: nothing says when it ends, so sends are still tried.
    const restricted = await attempt({ code: 10, subcode: 1893063 });
    expect(restricted).toMatchObject({ status: 422, body: { graph: { kind: "page_restricted" }, error: expect.stringMatching(/temporarily restricted this Page/) } });
    expect(await attempt({ code: 10, subcode: 1893063 })).toMatchObject({ status: 422 });
    expect(await db.page.findUniqueOrThrow({ where: { id: page.id } })).toMatchObject({ policyState: "warning", policyReason: expect.stringMatching(/1893063/) });
    expect(await db.pagePolicyEvent.count({ where: { pageId: page.id } })).toBe(1);
    await db.page.update({ where: { id: page.id }, data: { policyState: null, policyReason: null, policyAt: null } });

    const token = await attempt({ code: 190 });
    expect(token).toMatchObject({ status: 502, body: { graph: { kind: "token_invalid" } } });
    expect((await db.page.findUniqueOrThrow({ where: { id: page.id } })).tokenStatus).toBe("needs_token");
    // Later sends are refused before calling Meta until the page gets a new token.
    const before = (await sent(psid)).length;
    expect((await send({ conversationId: conversation!.id, text: "again" })).status).toBe(502);
    expect(await sent(psid)).toHaveLength(before);
  });

  it("blocks a link that is not on the whitelist, logs the violation and keeps the message flagged", async () => {
    const { psid } = await customer();
    await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text: "hi" });
    const conversation = await repliable(psid);
    await db.whitelistEntry.create({ data: { companyId, url: "acme.com" } });

    const ok = await send({ conversationId: conversation!.id, text: "See https://shop.acme.com/sale" });
    expect(ok.status).toBe(200);
    expect(ok.body).not.toHaveProperty("error");

    const blocked = await send({ conversationId: conversation!.id, text: "Cheaper at HTTPS://Evil.example/deal and acme.com" });
    expect(blocked.status).toBe(200);
    expect(blocked.body).toMatchObject({ error: "Security Violation Alert: Unauthorized content detected in your message", urls: ["HTTPS://Evil.example/deal"], message: { isVoilation: true } });
    const violation = await db.violation.findFirstOrThrow();
    expect(violation).toMatchObject({ companyId, pageName: "Acme Shoes", userName: "Sara Staff", urls: ["HTTPS://Evil.example/deal"] });
    expect((await sent(psid)).map((s) => s.message.text)).toEqual(["See https://shop.acme.com/sale"]);

    const thread = await call(threadRoute.GET, "GET", "/api/conversation/x/y", { token: staffToken, params: { conversationId: conversation!.id, pageId: page.id } });
    expect(thread.body.data.find((m: { isVoilation: boolean }) => m.isVoilation).message).toBe("Cheaper at HTTPS://Evil.example/deal and acme.com");
  });

  it("rejects malformed sends with 400 and a clear message", async () => {
    expect((await send({})).body.fields.conversationId).toBe("conversationId is required");
    const { psid } = await customer();
    await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text: "hi" });
    const conversation = await repliable(psid);
    expect((await send({ conversationId: conversation!.id, text: "   " })).body.fields.text).toBe("Message text is required");
    expect((await send({ conversationId: conversation!.id, text: "x".repeat(2001) })).status).toBe(400);
    expect((await send({ conversationId: conversation!.id, text: "hi", recipient_id: "123" })).status).toBe(400);
    expect((await send({ conversationId: conversation!.id, message_type: "image" })).body.fields.imageUrl).toBe("imageUrl is required for an image message");
    expect(await sent(psid)).toHaveLength(0);
  });
});
