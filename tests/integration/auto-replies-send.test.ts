import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { encryptSecret } from "@/server/security/secret-box";
import { signatureFor } from "@/server/integrations/meta/webhook-signature";
import { decideAutoReply } from "@/server/services/auto-replies/decide-auto-reply";
import { AUTO_REPLY_PICKUP_MS, sendAutoReply, sendUnclaimedAutoReplies } from "@/server/services/auto-replies/send-auto-reply";
import * as threadRoute from "@/app/api/conversation/[conversationId]/[pageId]/route";
import * as reportRoute from "@/app/api/reports/responses/route";
import type { ApiMessage } from "@/lib/contract/inbox-api";
import type { ResponseReport } from "@/lib/contract/reports-api";
import { call } from "./support/http";
import { makeCompany, makeUser, tokenFor } from "./support/factory";
import { eventually, simGet, simPost, startChannel, type Channel } from "./support/channel";

// Automatic replies end to end (docs/PRODUCT.md §13.1): the ingest decides, the Send API (the simulator) is
// called exactly once, its echo settles the row — across webhook retries and a worker stopped between the
// decision and the send.

const PAGE_ID = "200000000000043";
const PAGE_TOKEN = "PAGE_TOKEN_for_auto_reply_tests_01";
const INSTANT = "Thanks for writing! We answer within the hour.";

let channel: Channel;
let page: { id: string };
let staffToken: string;

beforeEach(async () => {
  const company = await makeCompany("Acme");
  const staff = await makeUser("staff", company.id);
  page = await db.page.create({ data: { companyId: company.id, name: "Acme Shoes", facebookPageId: PAGE_ID, accessTokenEnc: encryptSecret(PAGE_TOKEN), instantReplyOn: true, instantReplyText: INSTANT } });
  await db.pageAssignment.create({ data: { userId: staff.id, pageId: page.id } });
  staffToken = await tokenFor(staff);
  channel = await startChannel([{ pageId: PAGE_ID, name: "Acme Shoes", accessToken: PAGE_TOKEN }]);
});

afterEach(async () => {
  await channel.close();
});

async function newCustomer() {
  return (await simPost<{ psid: string }>(channel.sim, "/sim/customers", { pageId: PAGE_ID, firstName: "Maya", lastName: "Chen" })).psid;
}

const sent = (psid: string) => simGet<{ messagingType: string; message: { text?: string; metadata?: string } }[]>(channel.sim, `/sim/sent?pageId=${PAGE_ID}&psid=${psid}`);
const automaticRows = (psid: string) => db.message.findMany({ where: { conversation: { customer: { psid } }, automatic: { not: null } } });
const settled = (psid: string) => eventually(() => automaticRows(psid), (rows) => rows.length > 0 && rows.every((r) => r.mid !== null && ["sent", "delivered", "read"].includes(r.sendStatus)));

/** Every stored delivery processed. */
const drained = () => eventually(() => db.webhookEvent.count({ where: { processedAt: null } }), (n) => n === 0);

describe("the instant reply through the channel", () => {
  it("goes once to a new customer, is settled by its echo and shows as the Page's automatic reply", async () => {
    const psid = await newCustomer();
    await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text: "Do you have these in size 38?" });
    const [row] = await settled(psid);
    expect(await sent(psid)).toEqual([expect.objectContaining({ messagingType: "RESPONSE", message: expect.objectContaining({ text: INSTANT }) })]);
    expect(row).toMatchObject({ automatic: "instant", authorId: null, answersCustomer: false });

    // The customer writes again: the conversation is not new any more.
    await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text: "And in blue?" });
    await drained();
    await channel.sim.whenIdle();
    expect(await sent(psid)).toHaveLength(1);

    const conversation = await db.conversation.findFirstOrThrow({ where: { customer: { psid } } });
    const thread = await call(threadRoute.GET, "GET", `/api/conversation/${conversation.id}/${page.id}`, { token: staffToken, params: { conversationId: conversation.id, pageId: page.id } });
    const messages = (thread.body as { data: ApiMessage[] }).data;
    const automatic = messages.find((m) => m.automatic);
    expect(automatic).toMatchObject({ automatic: "instant", message: INSTANT, status: expect.stringMatching(/^(sent|delivered|read)$/), from: { name: "Acme Shoes" } });
    expect(messages.filter((m) => m.automatic)).toHaveLength(1);
  });

  it("is not sent again when Meta retries the customer's message after the reply went", async () => {
    const psid = await newCustomer();
    await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text: "hello", duplicate: true });
    await settled(psid);
    // Meta's retry of the first delivery, once more, after the automatic reply and its echo.
    const first = await db.webhookEvent.findFirstOrThrow({ orderBy: { id: "asc" } });
    const body = JSON.stringify(first.payload);
    const res = await fetch(`${channel.appUrl}/api/webhooks/messenger`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": signatureFor(body, "integration-app-secret") }, body });
    expect(res.status).toBe(200);
    await drained();
    await channel.sim.whenIdle();
    expect(await sent(psid)).toHaveLength(1);
    expect(await automaticRows(psid)).toHaveLength(1);
    expect(await db.webhookEvent.count()).toBeGreaterThanOrEqual(3);
  });
});

describe("a worker stopped between deciding and sending", () => {
  it("leaves the reply to the sweep, which sends it exactly once", async () => {
    // Decided without its send, as when the process died right after the decision's statement committed.
    await db.page.update({ where: { id: page.id }, data: { instantReplyOn: false } });
    const psid = await newCustomer();
    const { mid } = await simPost<{ mid: string }>(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text: "anyone there?" });
    const conversation = await eventually(() => db.conversation.findFirst({ where: { customer: { psid } } }), (c) => Boolean(c?.lastInboundAt));
    await db.page.update({ where: { id: page.id }, data: { instantReplyOn: true } });
    const decided = await decideAutoReply(conversation!.id, mid, new Date());
    expect(decided).not.toBeNull();

    // Before the pickup delay, the sweep leaves it to its own worker.
    expect(await sendUnclaimedAutoReplies(new Date())).toBe(0);
    expect(await sent(psid)).toHaveLength(0);
    // Later: two sweeps at once (two workers), then one more — one Send API call.
    const later = new Date(Date.now() + AUTO_REPLY_PICKUP_MS + 1000);
    const counts = await Promise.all([sendUnclaimedAutoReplies(later), sendUnclaimedAutoReplies(later)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await sendUnclaimedAutoReplies(later)).toBe(0);
    expect(await sendAutoReply(decided!.message.id)).toBe("taken");
    await settled(psid);
    await channel.sim.whenIdle();
    expect((await sent(psid)).map((s) => s.message.text)).toEqual([INSTANT]);
  });

  it("fails it, unsent, when the 24 hours passed before the sweep got to it", async () => {
    await db.page.update({ where: { id: page.id }, data: { instantReplyOn: false } });
    const psid = await newCustomer();
    const { mid } = await simPost<{ mid: string }>(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text: "hi" });
    const conversation = await eventually(() => db.conversation.findFirst({ where: { customer: { psid } } }), (c) => Boolean(c?.lastInboundAt));
    await db.page.update({ where: { id: page.id }, data: { instantReplyOn: true } });
    const decided = await decideAutoReply(conversation!.id, mid, new Date());
    expect(await sendAutoReply(decided!.message.id, new Date(Date.now() + 25 * 3_600_000))).toBe("failed");
    expect(await sent(psid)).toHaveLength(0);
    expect((await automaticRows(psid))[0]?.sendStatus).toBe("failed");
  });
});

describe("in the reports", () => {
  it("are counted apart from the people's replies: sent ones, instant and away, per Page and channel, within the filters", async () => {
    const psid = await newCustomer();
    await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text: "Is the shop open?" });
    await settled(psid);
    const conversation = await db.conversation.findFirstOrThrow({ where: { customer: { psid } } });
    // Away replies as the decision stores them: one Meta took, one it refused (not sent, so not counted).
    for (const sendStatus of ["delivered", "failed"] as const) {
      await db.message.create({ data: { conversationId: conversation.id, direction: "outbound", senderId: PAGE_ID, text: "We are closed", sendStatus, createdTime: new Date(), automatic: "away", answersCustomer: false } });
    }
    const { companyId } = await db.page.findUniqueOrThrow({ where: { id: page.id }, select: { companyId: true } });
    const owner = await makeUser("company_admin", companyId);
    const token = await tokenFor(owner);
    const day = new Date().toISOString().slice(0, 10);
    const report = async (query: Record<string, string> = {}) => {
      const res = await call(reportRoute.GET, "GET", "/api/reports/responses", { token, query: { from: day, to: day, ...query } });
      expect(res.status).toBe(200);
      return res.body as ResponseReport;
    };

    const all = await report();
    expect(all.automaticReplies).toEqual({ instant: 1, away: 1, rows: [{ pageId: page.id, pageName: "Acme Shoes", channel: "messenger", instant: 1, away: 1 }] });
    // Not a person's reply: no first response, no reply, no agent's row.
    expect(all.totals.firstResponse.count).toBe(0);
    expect(all.totals.reply.count).toBe(0);
    expect(all.agents).toEqual([]);

    // The filters: a label the customer has not, then has; an agent (the Page's replies are no agent's); the day before.
    expect((await report({ label: "vip" })).automaticReplies).toEqual({ instant: 0, away: 0, rows: [] });
    await db.customerTag.create({ data: { pageId: page.id, customerId: conversation.customerId, conversationId: conversation.id, name: "vip" } });
    expect((await report({ label: "vip" })).automaticReplies).toMatchObject({ instant: 1, away: 1 });
    expect((await report({ agentId: owner.id })).automaticReplies.rows).toEqual([]);
    const before = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await report({ from: before, to: before })).automaticReplies.rows).toEqual([]);
  });
});
