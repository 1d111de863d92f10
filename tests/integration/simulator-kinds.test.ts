import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { queue } from "@/server/queue/index";
import { encryptSecret } from "@/server/security/secret-box";
import { expiringMediaUrl, mediaFor, MEDIA_URL_TTL_MS } from "@/tools/simulator/assets/media";
import type { SimContext } from "@/tools/simulator/context";
import { copyMessageAttachments } from "@/workers/attachments/copy-attachments";
import type { StoredAttachment } from "@/lib/inbox/message-kinds";
import { makeCompany } from "./support/factory";
import { eventually, simPost, startChannel, type Channel } from "./support/channel";

// The simulator sends every inbound kind (its control API; the web page calls the same routes), and serves
// its sample media at URLs that expire — so dev and e2e go through the app's attachment copy.

const PAGE_ID = "200000000000011";
const TOKEN = "PAGE_TOKEN_for_simulator_kinds_01";

let channel: Channel;
let psid: string;

beforeEach(async () => {
  const company = await makeCompany("Kinds");
  await db.page.create({ data: { companyId: company.id, name: "Kinds Page", facebookPageId: PAGE_ID, accessTokenEnc: encryptSecret(TOKEN) } });
  channel = await startChannel([{ pageId: PAGE_ID, name: "Kinds Page", accessToken: TOKEN }]);
  psid = (await simPost<{ psid: string }>(channel.sim, "/sim/customers", { pageId: PAGE_ID, firstName: "Ada", lastName: "Kind" })).psid;
});

afterEach(async () => {
  await channel.close();
});

afterAll(async () => {
  await queue().close();
});

const stored = (mid: string) => eventually(() => db.message.findUnique({ where: { mid } }), Boolean);

describe("media at expiring URLs", () => {
  it("a voice note, a video and a PDF arrive with expiring URLs the app copies while they work", async () => {
    const { mid } = await simPost<{ mid: string }>(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, attachments: [{ type: "audio" }, { type: "video" }, { type: "file" }] });
    const message = (await stored(mid))!;
    const attachments = message.attachments as StoredAttachment[];
    expect(attachments.map((a) => a.type)).toEqual(["audio", "video", "file"]);
    for (const a of attachments) expect(a.url).toMatch(new RegExp(`^${channel.sim.url}/media/[a-z-]+\\.(wav|mp4|pdf)\\?oe=[0-9a-f]+&oh=[0-9a-f]{32}$`));
    expect(message.kind).toBe("mixed");

    const tampered = attachments[0]!.url!.replace(/oe=[0-9a-f]+/, "oe=ffffffff");
    expect((await fetch(tampered)).status).toBe(403);
    expect(await copyMessageAttachments(message.id)).toMatchObject({ copied: 3, refused: 0, failed: null });
    const copies = (await db.message.findUniqueOrThrow({ where: { id: message.id } })).attachments as StoredAttachment[];
    expect(copies.map((a) => a.mime)).toEqual(["audio/wav", "video/mp4", "application/pdf"]);
  });

  it("the URLs stop working after their time, like Meta's CDN links", () => {
    let now = Date.now();
    const sim = { appSecret: "s", now: () => now, publicUrl: () => "http://sim" } as unknown as SimContext;
    const url = new URL(`http://sim/media/invoice.pdf?${new URLSearchParams({ oe: Math.floor((now + MEDIA_URL_TTL_MS) / 1000).toString(16) })}`);
    const signed = new URL(expiringMediaUrl(sim, "invoice.pdf")); // as the control API hands it out
    expect(mediaFor(sim, "invoice.pdf", signed.searchParams)).toMatchObject({ status: 200, contentType: "application/pdf" });
    now += MEDIA_URL_TTL_MS + 2000;
    expect(mediaFor(sim, "invoice.pdf", signed.searchParams)).toEqual({ status: 403, message: "URL signature expired" });
    expect(mediaFor(sim, "invoice.pdf", url.searchParams)).toEqual({ status: 403, message: "Bad URL hash" });
  });
});

describe("changes and other kinds from the control API", () => {
  it("reaction, edit, unsend, quick reply, location, shared link, referral and an unknown item", async () => {
    const { mid } = await simPost<{ mid: string }>(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text: "Is it in stock?", quickReply: "ASK_STOCK" });
    expect(await stored(mid)).toMatchObject({ kind: "quick_reply", payload: "ASK_STOCK" });

    await simPost(channel.sim, "/sim/reaction", { pageId: PAGE_ID, psid, mid, reaction: "wow" });
    await eventually(() => db.message.findUnique({ where: { mid } }), (m) => Array.isArray(m?.reactions) && (m.reactions as unknown[]).length === 1);
    expect((await db.message.findUniqueOrThrow({ where: { mid } })).reactions).toEqual([expect.objectContaining({ emoji: "😮", reaction: "wow", psid })]);

    expect(await simPost(channel.sim, "/sim/edit", { pageId: PAGE_ID, psid, mid, text: "Is the red one in stock?" })).toMatchObject({ numEdit: 1, delivered: true });
    await eventually(() => db.message.findUnique({ where: { mid } }), (m) => m?.text === "Is the red one in stock?");

    await simPost(channel.sim, "/sim/unsend", { pageId: PAGE_ID, psid, mid });
    await eventually(() => db.message.findUnique({ where: { mid } }), (m) => m?.deletedAt !== null);

    const loc = await simPost<{ mid: string }>(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, attachments: [{ type: "location", lat: 52.52, long: 13.405 }, { type: "fallback", url: "https://example.com/x", title: "X" }] });
    expect(((await stored(loc.mid))!.attachments as StoredAttachment[]).map((a) => [a.type, a.lat ?? a.title])).toEqual([["location", 52.52], ["fallback", "X"]]);

    await simPost(channel.sim, "/sim/referral", { pageId: PAGE_ID, psid, source: "ADS", ref: "spring", adId: "123" });
    await simPost(channel.sim, "/sim/raw", { pageId: PAGE_ID, psid, item: { poll_vote: { option: 2 } } });
    const kinds = await eventually(
      async () => (await db.message.findMany({ where: { kind: { in: ["referral", "unsupported"] } }, orderBy: { createdTime: "asc" } })).map((m) => m.kind),
      (k) => k.length === 2,
    );
    expect(kinds).toEqual(["referral", "unsupported"]);
  });
});

describe("what Meta sends besides messages, from the control API", () => {
  it("a reel (copied as its video), a post and an appointment booking", async () => {
    const reel = await simPost<{ mid: string }>(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, attachments: [{ type: "reel", title: "Behind the scenes" }] });
    const post = await simPost<{ mid: string }>(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, attachments: [{ type: "ig_post", url: "https://www.instagram.com/p/C0abc/", title: "New in" }] });
    const booking = await simPost<{ mid: string }>(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, attachments: [{ type: "appointment_booking", booking: { status: "requested", start: 1_900_000_000_000, timezone: "Europe/Paris" } }] });
    const r = (await stored(reel.mid))!;
    expect(r).toMatchObject({ kind: "reel", attachments: [{ type: "reel", title: "Behind the scenes", videoId: expect.stringMatching(/^\d+$/), url: expect.stringContaining("/media/clip.mp4") }] });
    expect(await copyMessageAttachments(r.id)).toMatchObject({ copied: 1, refused: 0 });
    expect(((await db.message.findUniqueOrThrow({ where: { id: r.id } })).attachments as StoredAttachment[])[0]!.mime).toBe("video/mp4");
    expect(await stored(post.mid)).toMatchObject({ kind: "ig_post", attachments: [{ type: "ig_post", url: "https://www.instagram.com/p/C0abc/", title: "New in" }] });
    expect(await stored(booking.mid)).toMatchObject({ kind: "appointment_booking", attachments: [{ type: "appointment_booking", booking: { status: "requested", start: 1_900_000_000_000, end: 1_900_003_600_000, timezone: "Europe/Paris" } }] });
  });

  it("system events become quiet lines of the thread; a guest's events are kept by user_ref", async () => {
    await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text: "hello" });
    await simPost(channel.sim, "/sim/system-event", { pageId: PAGE_ID, psid, kind: "optin", notifications: "opt_in", title: "Deals" });
    await simPost(channel.sim, "/sim/system-event", { pageId: PAGE_ID, psid, kind: "account_linking", status: "unlinked" });
    await simPost(channel.sim, "/sim/system-event", { pageId: PAGE_ID, psid, kind: "feedback", score: 5, comment: "great" });
    await simPost(channel.sim, "/sim/system-event", { pageId: PAGE_ID, psid, kind: "game_play", score: 7 });
    await simPost(channel.sim, "/sim/guest", { pageId: PAGE_ID, userRef: "cb-1", kind: "optin" });
    await simPost(channel.sim, "/sim/guest", { pageId: PAGE_ID, userRef: "cb-1", kind: "postback", title: "Start", payload: "GO" });
    // Each person's lines in the order they were stored (one person's events run in order; the customer's
    // and the guest's are two people, so their rows may interleave). The guest's postback has a time in
    // whole seconds (as Meta's example).
    const lines = await eventually(() => db.systemEvent.findMany({ orderBy: { id: "asc" } }), (rows) => rows.length === 6);
    const linesOf = (guest: boolean) => lines.filter((l) => (l.userRef !== null) === guest).map((l) => [l.psid, l.userRef, l.summary]);
    expect(linesOf(false)).toEqual([
      [psid, null, "Opted in to notifications: “Deals”"],
      [psid, null, "Unlinked their account"],
      [psid, null, "Sent feedback: CSAT 5 · “great”"],
      [psid, null, "Played a game · score 7"],
    ]);
    expect(linesOf(true)).toEqual([
      [null, "cb-1", "Opted in (checkbox plugin)"],
      [null, "cb-1", "Guest wrote: Start"],
    ]);
    expect(await db.conversation.findFirstOrThrow()).toMatchObject({ unreadCount: 1, lastMessageText: "hello" });
    expect(await db.webhookQuarantine.count()).toBe(0);
  });
});
