import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { encryptSecret } from "@/server/security/secret-box";
import { sendMessage } from "@/server/integrations/meta/graph-client";
import { replyMetadata, settleReplyEcho } from "@/server/services/outbound/reply-echo";
import { failStaleSends, STALE_SEND_MS } from "@/server/services/outbound/fail-stale-sends";
import * as sendRoute from "@/app/api/send-message/route";
import * as retryRoute from "@/app/api/send-message/retry/route";
import { UNCONFIRMED_SEND_TEXT } from "@/server/services/outbound/failed-send";
import { call } from "./support/http";
import { makeCompany, makeUser, tokenFor } from "./support/factory";
import { eventually, simGet, simPost, startChannel, type Channel } from "./support/channel";

// An agent's reply is matched to its echo by the Send API `metadata` naming its row (reply-echo.ts), never
// by its text. Through the real path: the send route calls the simulator's Send API, which echoes the
// metadata back in a signed webhook that the worker's ingest handles.

const PAGE_ID = "200000000000002";
const PAGE_TOKEN = "PAGE_TOKEN_for_reply_echo_tests_0002";
const WORDS = "Your order ships today";

let channel: Channel;
let page: { id: string };
let agents: { sara: { id: string; token: string }; omar: { id: string; token: string } };

beforeEach(async () => {
  const company = await makeCompany("Acme");
  page = await db.page.create({ data: { companyId: company.id, name: "Acme Shoes", facebookPageId: PAGE_ID, accessTokenEnc: encryptSecret(PAGE_TOKEN) } });
  const agent = async (name: string) => {
    const user = await makeUser("staff", company.id, { name });
    await db.pageAssignment.create({ data: { userId: user.id, pageId: page.id } });
    return { id: user.id, token: await tokenFor(user) };
  };
  agents = { sara: await agent("Sara"), omar: await agent("Omar") };
  channel = await startChannel([{ pageId: PAGE_ID, name: "Acme Shoes", accessToken: PAGE_TOKEN }]);
});

afterEach(async () => {
  await channel.close();
});

/** A customer who wrote, and their conversation once the window is known. */
async function conversationWithCustomer() {
  const { psid } = await simPost<{ psid: string }>(channel.sim, "/sim/customers", { pageId: PAGE_ID, firstName: "Maya", lastName: "Chen" });
  await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text: "Where is my order?" });
  const conversation = await eventually(() => db.conversation.findFirst({ where: { customer: { psid } } }), (c) => Boolean(c?.lastInboundAt));
  return { psid, conversationId: conversation!.id };
}

function reply(agent: { token: string }, conversationId: string, text = WORDS) {
  return call(sendRoute.POST, "POST", "/api/send-message", { token: agent.token, body: { pageId: page.id, conversationId, message_type: "text", text } });
}

function outbound(conversationId: string) {
  return db.message.findMany({ where: { conversationId, direction: "outbound" }, orderBy: { createdAt: "asc" }, select: { id: true, mid: true, authorId: true, text: true, sendStatus: true } });
}

async function sentMids(psid: string): Promise<string[]> {
  return (await simGet<{ mid: string }[]>(channel.sim, `/sim/sent?pageId=${PAGE_ID}&psid=${psid}`)).map((s) => s.mid);
}

/** Every webhook the simulator sent was handled. */
async function allEchoesHandled() {
  await channel.sim.whenIdle();
  await eventually(() => db.webhookEvent.count({ where: { processedAt: null } }), (n) => n === 0);
}

describe("echoes of agent replies", () => {
  it("two identical agent replies and a Page Inbox reply with the same words are three messages, each by its author", async () => {
    const { psid, conversationId } = await conversationWithCustomer();
    const first = await reply(agents.sara, conversationId);
    const second = await reply(agents.omar, conversationId);
    expect([first.status, second.status]).toEqual([200, 200]);
    const inbox = await simPost<{ mid: string }>(channel.sim, "/sim/echo", { pageId: PAGE_ID, psid, text: WORDS });
    await allEchoesHandled();

    const [saraMid, omarMid] = await sentMids(psid);
    expect([first.body.mid, second.body.mid]).toEqual([saraMid, omarMid]);
    const rows = await outbound(conversationId);
    expect(rows.map((r) => [r.mid, r.authorId, r.text])).toEqual([
      [saraMid, agents.sara.id, WORDS],
      [omarMid, agents.omar.id, WORDS],
      [inbox.mid, null, WORDS],
    ]);
    // The Send API request named each reply's own row, and the echo carried it back.
    const echoes = (await simGet<{ kind: string; body: { entry: { messaging: { message: { mid: string; metadata?: string } }[] }[] } }[]>(channel.sim, "/sim/events"))
      .filter((e) => e.kind === "echo")
      .map((e) => e.body.entry[0]!.messaging[0]!.message);
    expect(Object.fromEntries(echoes.map((m) => [m.mid, m.metadata ?? null]))).toEqual({
      [saraMid!]: replyMetadata(rows[0]!.id, conversationId),
      [omarMid!]: replyMetadata(rows[1]!.id, conversationId),
      [inbox.mid]: null,
    });
  });

  it("holds when each echo is handled before the Send API answers", async () => {
    const { psid, conversationId } = await conversationWithCustomer();
    await simPost(channel.sim, "/sim/hold-answers", { pageId: PAGE_ID, psid, count: 2 });

    // The echo settles the reply (Meta's id, no longer pending) while its Send API call is still open.
    const first = reply(agents.sara, conversationId);
    const saraRow = await eventually(() => outbound(conversationId), (rows) => Boolean(rows[0]?.mid));
    const [saraMid] = await sentMids(psid);
    expect(saraRow.map((r) => [r.mid, r.authorId, r.sendStatus === "pending"])).toEqual([[saraMid, agents.sara.id, false]]);

    const second = reply(agents.omar, conversationId);
    const both = await eventually(() => outbound(conversationId), (rows) => Boolean(rows[1]?.mid));
    const [, omarMid] = await sentMids(psid);
    expect(both.map((r) => [r.mid, r.authorId, r.sendStatus === "pending"])).toEqual([
      [saraMid, agents.sara.id, false],
      [omarMid, agents.omar.id, false],
    ]);

    // The same words from the Page Inbox while both answers are still on their way: the Page's own message.
    const inbox = await simPost<{ mid: string }>(channel.sim, "/sim/echo", { pageId: PAGE_ID, psid, text: WORDS });
    await eventually(() => outbound(conversationId), (rows) => rows.length === 3);

    expect(await simPost(channel.sim, "/sim/release-answers", {})).toEqual({ released: 2 });
    const [firstAnswer, secondAnswer] = await Promise.all([first, second]);
    expect([firstAnswer.status, firstAnswer.body.mid, secondAnswer.status, secondAnswer.body.mid]).toEqual([200, saraMid, 200, omarMid]);
    await allEchoesHandled();
    expect((await outbound(conversationId)).map((r) => [r.mid, r.authorId])).toEqual([
      [saraMid, agents.sara.id],
      [omarMid, agents.omar.id],
      [inbox.mid, null],
    ]);
  });

  it("does not give a pending agent reply the echo of the same words typed in the Page Inbox", async () => {
    const { psid, conversationId } = await conversationWithCustomer();
    // The reply's answer and its echo both wait: the Page Inbox echo is the only one in while it is pending.
    await simPost(channel.sim, "/sim/hold-answers", { pageId: PAGE_ID, psid, holdEcho: true });
    const pending = reply(agents.sara, conversationId);
    await eventually(() => sentMids(psid), (mids) => mids.length === 1);

    const inbox = await simPost<{ mid: string }>(channel.sim, "/sim/echo", { pageId: PAGE_ID, psid, text: WORDS });
    const meanwhile = await eventually(() => outbound(conversationId), (rows) => rows.length === 2);
    expect(meanwhile.map((r) => [r.mid, r.authorId, r.sendStatus === "pending"])).toEqual([
      [null, agents.sara.id, true],
      [inbox.mid, null, false],
    ]);

    await simPost(channel.sim, "/sim/release-answers", {});
    const answer = await pending;
    const [saraMid] = await sentMids(psid);
    expect([answer.status, answer.body.mid]).toEqual([200, saraMid]);
    await allEchoesHandled();
    expect((await outbound(conversationId)).map((r) => [r.mid, r.authorId])).toEqual([
      [saraMid, agents.sara.id],
      [inbox.mid, null],
    ]);
  });

  it("an echo whose metadata is made up, altered or signed for another conversation settles no reply", async () => {
    const mine = await conversationWithCustomer();
    const other = await conversationWithCustomer();
    await simPost(channel.sim, "/sim/hold-answers", { pageId: PAGE_ID, psid: mine.psid, holdEcho: true });
    const pending = reply(agents.sara, mine.conversationId);
    const [row] = await eventually(() => outbound(mine.conversationId), (rows) => rows.length === 1);

    // Another app of the Page sends with metadata naming Sara's pending reply: into her conversation with a
    // signature altered or made for another conversation, and into another conversation with her row's own.
    const valid = replyMetadata(row!.id, mine.conversationId);
    const forgeries = [
      { psid: mine.psid, metadata: `${valid.slice(0, -1)}${valid.endsWith("A") ? "B" : "A"}` },
      { psid: mine.psid, metadata: replyMetadata(row!.id, other.conversationId) },
      { psid: mine.psid, metadata: `sb-reply:${row!.id}` },
      { psid: other.psid, metadata: valid },
    ];
    for (const forged of forgeries) {
      await sendMessage(PAGE_ID, PAGE_TOKEN, { recipientId: forged.psid, messagingType: "RESPONSE", message: { text: WORDS, metadata: forged.metadata } });
    }
    await eventually(async () => (await outbound(mine.conversationId)).length + (await outbound(other.conversationId)).length, (n) => n === 1 + forgeries.length);
    const forgedRows = [...(await outbound(mine.conversationId)).slice(1), ...(await outbound(other.conversationId))];
    expect(forgedRows.map((r) => r.authorId)).toEqual([null, null, null, null]);
    expect((await db.message.findUniqueOrThrow({ where: { id: row!.id } })).sendStatus).toBe("pending");

    await simPost(channel.sim, "/sim/release-answers", {});
    expect((await pending).status).toBe(200);
    await allEchoesHandled();
    const settled = await db.message.findUniqueOrThrow({ where: { id: row!.id } });
    expect([settled.mid, settled.authorId]).toEqual([(await sentMids(mine.psid))[0], agents.sara.id]);
  });

  it("keeps a reply its echo settled when the Send API's answer is then lost", async () => {
    const { psid, conversationId } = await conversationWithCustomer();
    await simPost(channel.sim, "/sim/hold-answers", { pageId: PAGE_ID, psid });
    const sending = reply(agents.sara, conversationId);
    await eventually(() => outbound(conversationId), (rows) => Boolean(rows[0]?.mid));
    // The held answer is lost on the way back, and so is the client's retry (before Meta carried it out).
    await simPost(channel.sim, "/sim/lose-answers", { pageId: PAGE_ID, psid, when: "after-send" });
    await simPost(channel.sim, "/sim/lose-answers", { pageId: PAGE_ID, psid, when: "before-send" });
    await simPost(channel.sim, "/sim/release-answers", {});

    const answer = await sending;
    const [mid] = await sentMids(psid);
    expect([answer.status, answer.body.mid, answer.body.status]).toEqual([200, mid, "sent"]);
    await allEchoesHandled();
    expect((await outbound(conversationId)).map((r) => [r.mid, r.authorId])).toEqual([[mid, agents.sara.id]]);
  });
});

describe("an echo after the stale-send sweep", () => {
  it("turns a reply marked failed into sent; a second echo naming it settles nothing", async () => {
    const { conversationId } = await conversationWithCustomer();
    const row = await db.message.create({
      data: { conversationId, direction: "outbound", senderId: PAGE_ID, authorId: agents.sara.id, text: WORDS, sendStatus: "pending", createdTime: new Date() },
    });
    expect(await failStaleSends(new Date(Date.now() + STALE_SEND_MS + 1_000))).toBe(1);

    expect(await settleReplyEcho(conversationId, replyMetadata(row.id, conversationId), "m_late_echo")).toBe(true);
    expect(await db.message.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ mid: "m_late_echo", sendStatus: "sent", errorMessage: null });
    expect(await settleReplyEcho(conversationId, replyMetadata(row.id, conversationId), "m_other_echo")).toBe(false);
    expect(await settleReplyEcho(conversationId, replyMetadata(row.id, conversationId), "m_late_echo")).toBe(true);
  });
});

/** Sent, and maybe already delivered (the simulator's receipt follows the echo). */
const sentOrDelivered = expect.stringMatching(/^(sent|delivered)$/);

describe("a Send API that fails (issue 30): a reply reaches the customer once, and stays in the thread", () => {
  it("an answer lost after Meta took the reply: not sent again; it waits, unconfirmed, and its echo makes it sent", async () => {
    const { psid, conversationId } = await conversationWithCustomer();
    await simPost(channel.sim, "/sim/lose-answers", { pageId: PAGE_ID, psid, when: "after-send" });
    const answer = await reply(agents.sara, conversationId);
    expect([answer.status, answer.body.status, answer.body.error_message]).toEqual([200, "pending", UNCONFIRMED_SEND_TEXT]);
    await allEchoesHandled();
    const mids = await sentMids(psid);
    expect(mids).toHaveLength(1); // the retry that used to follow a lost answer sent it twice
    expect(await outbound(conversationId)).toEqual([expect.objectContaining({ mid: mids[0], authorId: agents.sara.id, sendStatus: sentOrDelivered })]);
  });

  it("a call that times out after Meta took it: not sent again; its echo settles it, and the agent sees it sent", { timeout: 40_000 }, async () => {
    const { psid, conversationId } = await conversationWithCustomer();
    await simPost(channel.sim, "/sim/hold-answers", { pageId: PAGE_ID, psid }); // answered only on release: past GRAPH_TIMEOUT_MS
    const answer = await reply(agents.sara, conversationId);
    const mids = await sentMids(psid);
    expect(mids).toHaveLength(1);
    expect([answer.status, answer.body.status, answer.body.mid]).toEqual([200, "sent", mids[0]]);
    await simPost(channel.sim, "/sim/release-answers", {});
    await allEchoesHandled();
    expect(await outbound(conversationId)).toEqual([expect.objectContaining({ mid: mids[0], sendStatus: sentOrDelivered })]);
  });

  it("a call lost before Meta took it: unconfirmed, no echo comes, the sweep fails it with the reason; Retry then sends it once", async () => {
    const { psid, conversationId } = await conversationWithCustomer();
    await simPost(channel.sim, "/sim/lose-answers", { pageId: PAGE_ID, psid, when: "before-send" });
    const answer = await reply(agents.sara, conversationId);
    expect([answer.status, answer.body.status, answer.body.error_message]).toEqual([200, "pending", UNCONFIRMED_SEND_TEXT]);
    expect(await sentMids(psid)).toEqual([]);
    expect(await failStaleSends(new Date(Date.now() + STALE_SEND_MS + 1_000))).toBe(1);
    const [row] = await outbound(conversationId);
    expect(row).toMatchObject({ sendStatus: "failed", mid: null });

    const retried = await call(retryRoute.POST, "POST", "/api/send-message/retry", { token: agents.sara.token, body: { pageId: page.id, conversationId, messageId: row!.id } });
    expect([retried.status, retried.body.status]).toEqual([200, "sent"]);
    await allEchoesHandled();
    const mids = await sentMids(psid);
    expect(mids).toHaveLength(1);
    expect(await outbound(conversationId)).toEqual([expect.objectContaining({ id: row!.id, mid: mids[0], sendStatus: sentOrDelivered })]);
  });

  it("a 500 and then a 613 from the Send API are refusals: retried once, then failed with the reason — never removed", async () => {
    const { psid, conversationId } = await conversationWithCustomer();
    await simPost(channel.sim, "/sim/errors", { pageId: PAGE_ID, code: 2, httpStatus: 500 });
    const afterOne = await reply(agents.sara, conversationId, "after a 500");
    expect([afterOne.status, afterOne.body.status]).toEqual([200, "sent"]);

    await simPost(channel.sim, "/sim/errors", { pageId: PAGE_ID, code: 613, count: 2 });
    const limited = await reply(agents.sara, conversationId, "rate limited");
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatchObject({ status: "failed", message: "rate limited" });
    await allEchoesHandled();
    expect((await outbound(conversationId)).map((r) => [r.text, r.sendStatus])).toEqual([
      ["after a 500", sentOrDelivered],
      ["rate limited", "failed"],
    ]);
    expect(await sentMids(psid)).toHaveLength(1);
  });
});
