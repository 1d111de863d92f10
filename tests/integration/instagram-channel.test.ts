import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { encryptSecret } from "@/server/security/secret-box";
import * as sendRoute from "@/app/api/send-message/route";
import * as instagramRoute from "@/app/api/pages/[id]/instagram/route";
import * as detailsRoute from "@/app/api/pages/details/[id]/route";
import * as myPagesRoute from "@/app/api/pages/me/route";
import * as threadRoute from "@/app/api/conversation/[conversationId]/[pageId]/route";
import { INSTAGRAM_NOT_LINKED, INSTAGRAM_NOT_PERMITTED } from "@/lib/schemas/instagram";
import { INSTAGRAM_TEXT_TOO_LONG } from "@/lib/inbox/channels";
import { afterConnect } from "@/server/services/pages/connection/after-connect";
import { countAudience } from "@/server/services/offers/audience";
import { RECIPIENT_REASONS } from "@/server/services/offers/reasons";
import { runOffer } from "@/workers/offers/run-offer";
import { importPageHistory } from "@/workers/pages/import-history";
import { queue } from "@/server/queue/index";
import { INBOUND_TEXT_MAX_LENGTH } from "@/server/integrations/meta/inbound-text";
import { call } from "./support/http";
import { makeCompany, makeUpload, makeUser, tokenFor } from "./support/factory";
import { eventually, openSocket, simGet, simPost, startChannel, type Channel } from "./support/channel";
import { JOBS } from "@/server/queue/jobs";

// Instagram Direct as a channel of a connected Page, through the real path with the simulator as Meta:
// connecting finds the Instagram account linked to the Page, a company admin turns it on, a customer
// writes on Instagram (object "instagram" webhooks), and agents answer with text and an image through the
// Page's Send API with the IGSID as recipient; the echo comes back as Instagram's and settles the reply.

const PAGE_ID = "200000000000031";
const TOKEN = "PAGE_TOKEN_for_instagram_tests_0031";
const IG = { id: "17841400000000031", username: "acme.insta" };

let channel: Channel;
let page: { id: string };
let owner: string;
let staff: string;
let agent: { id: string; companyId: string | null };

beforeEach(async () => {
  const company = await makeCompany("Insta");
  const admin = await makeUser("company_admin", company.id);
  agent = await makeUser("staff", company.id, { name: "Sara" });
  page = await db.page.create({ data: { companyId: company.id, name: "Insta Page", facebookPageId: PAGE_ID, accessTokenEnc: encryptSecret(TOKEN), subscribedAt: new Date() } });
  await db.pageAssignment.create({ data: { userId: agent.id, pageId: page.id } });
  owner = await tokenFor(admin);
  staff = await tokenFor(agent);
  channel = await startChannel([{ pageId: PAGE_ID, name: "Insta Page", accessToken: TOKEN, instagram: IG }]);
});

afterEach(async () => {
  await channel.close();
});

const turnOn = (token = owner, enabled = true) => call(instagramRoute.PUT, "PUT", "/api/pages/x/instagram", { token, params: { id: page.id }, body: { enabled } });

async function instagramCustomer() {
  await afterConnect(page.id, { importHistory: false });
  expect((await turnOn()).status).toBe(200);
  const customer = await simPost<{ psid: string }>(channel.sim, "/sim/customers", { pageId: PAGE_ID, firstName: "Ines", lastName: "Gram", channel: "instagram" });
  return customer.psid;
}

async function writes(igsid: string, fields: Record<string, unknown>) {
  await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid: igsid, ...fields });
  await channel.sim.whenIdle();
  await eventually(() => db.webhookEvent.count({ where: { processedAt: null } }), (n) => n === 0);
  return (await eventually(() => db.conversation.findFirst({ where: { pageId: page.id, customer: { psid: igsid } } }), (c) => Boolean(c?.lastInboundAt)))!;
}

describe("connect and the company admin's switch", () => {
  it("connecting finds the linked account (off); the company admin turns it on; the health panel and the inbox tabs say so", async () => {
    await afterConnect(page.id, { importHistory: false });
    const details = await call(detailsRoute.GET, "GET", "/api/pages/details/x", { token: owner, params: { id: page.id } });
    expect(details.body.instagram).toMatchObject({ id: IG.id, username: IG.username, enabled: false, permitted: true, subscribed: true, check_error: null, last_event_at: null });
    expect((await call(myPagesRoute.GET, "GET", "/api/pages/me", { token: staff })).body.pages[0]).toMatchObject({ channels: ["messenger"], instagram_username: null });

    expect((await turnOn(staff)).status).toBe(403);
    const on = await turnOn();
    expect(on).toMatchObject({ status: 200, body: { id: IG.id, enabled: true } });
    expect((await call(myPagesRoute.GET, "GET", "/api/pages/me", { token: staff })).body.pages[0]).toMatchObject({ channels: ["messenger", "instagram"], instagram_username: IG.username });
  });

  it("permitted comes from the token's scopes: without instagram_manage_messages the panel says why", async () => {
    channel.sim.state.pages.get(PAGE_ID)!.permissions = ["pages_messaging", "pages_manage_metadata", "pages_show_list", "instagram_basic"];
    await afterConnect(page.id, { importHistory: false });
    const details = await call(detailsRoute.GET, "GET", "/api/pages/details/x", { token: owner, params: { id: page.id } });
    expect(details.body.instagram).toMatchObject({ id: IG.id, permitted: false, check_error: INSTAGRAM_NOT_PERMITTED });
  });

  it("a Page without a linked account: the switch explains, Check again says the same; bad bodies are 400", async () => {
    channel.sim.state.pages.get(PAGE_ID)!.instagram = undefined;
    expect(await turnOn()).toMatchObject({ status: 422, body: { message: INSTAGRAM_NOT_LINKED } });
    expect(await call(instagramRoute.POST, "POST", "/api/pages/x/instagram", { token: owner, params: { id: page.id } })).toMatchObject({ status: 422, body: { message: INSTAGRAM_NOT_LINKED } });
    expect((await call(instagramRoute.PUT, "PUT", "/api/pages/x/instagram", { token: owner, params: { id: page.id }, body: { enabled: "yes" } })).status).toBe(400);
  });
});

describe("a customer writes on Instagram, an agent answers", () => {
  it("the message arrives live marked Instagram with the name from Instagram; the agent answers with text and an image to the IGSID; each echo settles its reply", async () => {
    const igsid = await instagramCustomer();
    const socket = await openSocket(channel.appUrl, staff);
    expect(await socket.emit("join-page", { pageId: page.id })).toMatchObject({ ok: true });
    const conversation = await writes(igsid, { text: "Do you ship to Porto?" });
    const live = await eventually(() => socket.events.find((e) => e.name === "new-message"), Boolean);
    expect(live!.payload).toMatchObject({ conversation: { channel: "instagram", from_id: igsid }, message: { message: "Do you ship to Porto?" } });
    // The profile comes from Instagram (name, username): GET /{igsid}?fields=name,username,profile_pic.
    await eventually(() => db.customer.findFirstOrThrow({ where: { psid: igsid } }), (c) => c.name === "Ines Gram");

    const text = await call(sendRoute.POST, "POST", "/api/send-message", { token: staff, body: { conversationId: conversation.id, pageId: page.id, message_type: "text", text: "Yes, in 2 days" } });
    expect(text).toMatchObject({ status: 200, body: { direction: "outbound", message: "Yes, in 2 days", status: "sent" } });
    const imageUrl = await makeUpload(agent);
    const image = await call(sendRoute.POST, "POST", "/api/send-message", { token: staff, body: { conversationId: conversation.id, pageId: page.id, message_type: "image", imageUrl } });
    expect(image).toMatchObject({ status: 200, body: { is_image: true, status: "sent" } });

    // Meta got both on the Page's Send API, the IGSID as recipient, inside the window.
    const sent = await simGet<{ pageId: string; psid: string; messagingType: string; content: { text?: string; attachment?: { type: string } } }[]>(channel.sim, `/sim/sent?pageId=${PAGE_ID}&psid=${igsid}`);
    expect(sent.map((s) => [s.pageId, s.psid, s.messagingType, s.content.text ?? s.content.attachment?.type])).toEqual([
      [PAGE_ID, igsid, "RESPONSE", "Yes, in 2 days"],
      [PAGE_ID, igsid, "RESPONSE", "image"],
    ]);
    // The echoes came as Instagram's (object "instagram", the account as sender) and settled the replies: one row each.
    await channel.sim.whenIdle();
    await eventually(() => db.webhookEvent.count({ where: { processedAt: null } }), (n) => n === 0);
    const echoes = channel.sim.state.events.filter((e) => e.kind === "echo").map((e) => e.body as { object: string; entry: { id: string }[] });
    expect(echoes.map((b) => [b.object, b.entry[0]!.id])).toEqual([["instagram", IG.id], ["instagram", IG.id]]);
    const thread = await call(threadRoute.GET, "GET", "/api/conversation/x/y", { token: staff, params: { conversationId: conversation.id, pageId: page.id } });
    expect(thread.body.data.map((m: { direction: string; message: string; is_image: boolean }) => [m.direction, m.message, m.is_image])).toEqual([
      ["outbound", "", true],
      ["outbound", "Yes, in 2 days", false],
      ["inbound", "Do you ship to Porto?", false],
    ]);
    expect(await db.webhookQuarantine.count()).toBe(0);
    socket.close();
  });

  it("Instagram's own limits: text over 1000 bytes is refused before Meta is asked; outside 24 h the human-agent tag", async () => {
    const igsid = await instagramCustomer();
    const conversation = await writes(igsid, { text: "hello" });
    const long = await call(sendRoute.POST, "POST", "/api/send-message", { token: staff, body: { conversationId: conversation.id, pageId: page.id, message_type: "text", text: "é".repeat(600) } });
    expect(long).toMatchObject({ status: 422, body: { message: INSTAGRAM_TEXT_TOO_LONG } });

    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await db.conversation.update({ where: { id: conversation.id }, data: { lastInboundAt: twoDaysAgo } });
    channel.sim.state.customers.get(`${PAGE_ID}:${igsid}`)!.lastMessageAt = twoDaysAgo.getTime();
    const tagged = await call(sendRoute.POST, "POST", "/api/send-message", { token: staff, body: { conversationId: conversation.id, pageId: page.id, message_type: "text", text: "Still there?" } });
    expect(tagged.status).toBe(200);
    const sent = await simGet<{ messagingType: string; tag?: string }[]>(channel.sim, `/sim/sent?pageId=${PAGE_ID}&psid=${igsid}`);
    expect(sent.at(-1)).toMatchObject({ messagingType: "MESSAGE_TAG", tag: "HUMAN_AGENT" });
  });

  it("the simulator's Instagram customer sends every Instagram kind: story reply, story mention, share, reel, unsupported — each read as Instagram's", async () => {
    const igsid = await instagramCustomer();
    const conversation = await writes(igsid, { text: "Love it", storyReply: {} });
    await writes(igsid, { attachments: [{ type: "story_mention" }] });
    await writes(igsid, { attachments: [{ type: "share" }] });
    await writes(igsid, { attachments: [{ type: "ig_reel", title: "Spring" }] });
    await writes(igsid, { unsupported: true });
    const rows = await db.message.findMany({ where: { conversationId: conversation.id }, orderBy: { createdTime: "asc" }, select: { kind: true, text: true } });
    expect(rows.map((r) => r.kind)).toEqual(["story_reply", "story_mention", "share", "ig_reel", "unsupported"]);
    expect(await db.webhookQuarantine.count()).toBe(0);
  });
});

describe("bulk offers", () => {
  it("a label offer reaches its Messenger and Instagram customers, each on their own channel; progress counts both", async () => {
    const igsid = await instagramCustomer();
    const { psid } = await simPost<{ psid: string }>(channel.sim, "/sim/customers", { pageId: PAGE_ID, firstName: "Max", lastName: "Senger" });
    for (const id of [igsid, psid]) {
      const conversation = await writes(id, { text: "Any deals?" });
      await db.customerTag.create({ data: { pageId: page.id, customerId: conversation.customerId, conversationId: conversation.id, name: "vip" } });
    }
    expect(await countAudience({ pageId: page.id, tags: ["vip"], exclude: false })).toEqual({ matching: 2, insideWindow: 2 });
    const offer = (message: string) => db.offer.create({ data: { companyId: agent.companyId!, pageId: page.id, createdByName: "Ada", type: "text", message, tags: ["vip"] } });

    const sale = await offer("Spring sale");
    expect(await runOffer(sale.id)).toBe("completed");
    const sent = channel.sim.state.sent.filter((m) => m.content.text === "Spring sale");
    expect(sent.map((m) => m.psid).sort()).toEqual([igsid, psid].sort());
    expect(sent.every((m) => m.pageId === PAGE_ID && m.messagingType === "UPDATE")).toBe(true);
    expect(await db.offer.findUniqueOrThrow({ where: { id: sale.id } })).toMatchObject({ targetCount: 2, sentCount: 2, skippedCount: 0, failedCount: 0 });

    // Over Instagram's 1000 bytes: Messenger's customer gets it, Instagram's is skipped with the reason.
    const long = await offer("x".repeat(1200));
    expect(await runOffer(long.id)).toBe("completed");
    const rows = await db.offerRecipient.findMany({ where: { offerId: long.id }, include: { customer: true } });
    expect(rows.find((r) => r.customer.psid === igsid)).toMatchObject({ status: "skipped", reason: RECIPIENT_REASONS.instagramTooLong });
    expect(rows.find((r) => r.customer.psid === psid)).toMatchObject({ status: "sent" });

    // An image: Messenger's customer by the uploaded attachment id, Instagram's by its link (Instagram takes no attachment id).
    const image = await db.offer.create({ data: { companyId: agent.companyId!, pageId: page.id, createdByName: "Ada", type: "image", imageUrl: "https://cdn.example.com/offer.png", tags: ["vip"] } });
    expect(await runOffer(image.id)).toBe("completed");
    const pictures = channel.sim.state.sent.filter((m) => m.content.attachment);
    expect(pictures.find((m) => m.psid === igsid)?.message).toMatchObject({ attachment: { type: "image", payload: { url: "https://cdn.example.com/offer.png" } } });
    expect(pictures.find((m) => m.psid === psid)?.message).toMatchObject({ attachment: { type: "image", payload: { attachment_id: expect.any(String) } } });

    // Instagram turned off: its customers are no longer in the audience.
    expect((await turnOn(owner, false)).status).toBe(200);
    expect(await countAudience({ pageId: page.id, tags: ["vip"], exclude: false })).toEqual({ matching: 1, insideWindow: 1 });
  });
});

describe("history import", () => {
  it("turning Instagram on queues its import; the import brings in Instagram's conversations (platform=instagram) with the same caps", async () => {
    await afterConnect(page.id, { importHistory: false });
    expect((await turnOn()).status).toBe(200);
    const queued = await queue().getJobs(["waiting", "delayed", "prioritized"]);
    expect(queued.some((j) => j.name === JOBS.importPageHistory.name && j.data.pageId === page.id && j.data.channels?.join() === "instagram")).toBe(true);

    const now = Date.now();
    const igsid = "7100000000000031";
    const sim = channel.sim.state;
    sim.customers.set(`${PAGE_ID}:${igsid}`, { pageId: PAGE_ID, psid: igsid, firstName: "Ines", lastName: "Gram", channel: "instagram", username: "ines.gram", profileError: false, createdAt: now });
    sim.customers.set(`${PAGE_ID}:7200000000000031`, { pageId: PAGE_ID, psid: "7200000000000031", firstName: "Max", lastName: "Senger", profileError: false, createdAt: now });
    const meta = "https://scontent.cdninstagram.com/v/t51/photo.jpg";
    const attachments = [{ type: "image", url: meta }, { type: "image", url: "http://evil.example.com/x.png" }];
    sim.customerMessages.push({ pageId: PAGE_ID, psid: igsid, mid: "m_ig_hist_1", text: "y".repeat(25_000), attachments, timestamp: now - 120_000, deliveryIds: [] });
    sim.inboxReplies.push({ pageId: PAGE_ID, psid: igsid, mid: "m_ig_hist_2", text: "Thanks!", time: now - 60_000 });

    expect(await importPageHistory(page.id, ["instagram"])).toEqual({ conversations: 1, messages: 2 });
    const thread = await db.conversation.findFirstOrThrow({ where: { pageId: page.id, customer: { psid: igsid } }, include: { customer: true, messages: { orderBy: { createdTime: "asc" } } } });
    expect(thread).toMatchObject({ channel: "instagram", unreadCount: 0, lastMessageText: "Thanks!", customer: { channel: "instagram", name: "ines.gram" } });
    const [inbound, reply] = thread.messages;
    expect(inbound).toMatchObject({ direction: "inbound", senderId: igsid, isImported: true });
    expect(inbound!.text).toHaveLength(INBOUND_TEXT_MAX_LENGTH);
    expect((inbound!.attachments as { url: string }[]).map((a) => a.url)).toEqual([meta]);
    expect(reply).toMatchObject({ direction: "outbound", senderId: IG.id, text: "Thanks!" });

    // The whole import: Messenger's customer too, Instagram's not twice.
    expect(await importPageHistory(page.id)).toEqual({ conversations: 2, messages: 0 });
    expect(await db.customer.findMany({ where: { pageId: page.id }, select: { psid: true, channel: true }, orderBy: { psid: "asc" } })).toEqual([
      { psid: igsid, channel: "instagram" },
      { psid: "7200000000000031", channel: "messenger" },
    ]);
  });
});

