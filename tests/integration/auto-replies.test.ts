import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { decideAutoReply } from "@/server/services/auto-replies/decide-auto-reply";
import { recordMessage } from "@/server/services/conversations/record-message";
import { failStaleSends } from "@/server/services/outbound/fail-stale-sends";
import { makeCompany, makePage, makeUser } from "./support/factory";
import { makeConversation } from "./support/inbox-factory";

// The decision of docs/PRODUCT.md §13.1 at a fixed clock: which automatic reply is due, and that it is taken
// at most once per conversation per N hours. The sends themselves: auto-replies-send.test.ts.

const HOUR = 3_600_000;
// A Friday, 12:00 UTC (13:00 in Berlin, winter time).
const FRIDAY_NOON = new Date("2026-01-16T12:00:00Z");
let seq = 0;

type Setup = { instant?: boolean; away?: boolean; everyHours?: number; timezone?: string; hours?: Record<string, [number, number][]> | null };

async function world(setup: Setup = {}) {
  const company = await makeCompany();
  await db.company.update({ where: { id: company.id }, data: { timezone: setup.timezone ?? "UTC", businessHours: setup.hours === undefined ? undefined : (setup.hours ?? undefined) } });
  const page = await makePage(company.id);
  await db.page.update({
    where: { id: page.id },
    data: { instantReplyOn: setup.instant ?? false, instantReplyText: "Thanks, we got your message!", awayReplyOn: setup.away ?? false, awayReplyText: "We are closed now.", autoReplyEveryHours: setup.everyHours ?? 12 },
  });
  const { customer, conversation } = await makeConversation(page.id, { at: new Date(0), lastInboundAt: null });
  return { company, page, customer, conversation };
}

/** The customer writes at `at` (stored and folded as the ingest does); its mid. */
async function writes(w: Awaited<ReturnType<typeof world>>, at: Date): Promise<string> {
  const mid = `m_auto_${++seq}_${Math.random().toString(36).slice(2)}`;
  await recordMessage({
    conversationId: w.conversation.id, mid, direction: "inbound", senderId: w.customer.psid, isEcho: false, sendStatus: "received", createdTime: at,
    text: "hello", stickerUrl: null, attachments: [], isImage: false, kind: "text", payload: null, replyToMid: null, referral: null, deletedAt: null, preview: null, countsAsInbound: true,
  });
  return mid;
}

const automatic = (conversationId: string) => db.message.findMany({ where: { conversationId, automatic: { not: null } }, orderBy: { createdTime: "asc" } });

describe("the instant reply", () => {
  it("answers a new conversation's first message once: pending, the Page's, not a person's answer", async () => {
    const w = await world({ instant: true });
    const mid = await writes(w, FRIDAY_NOON);
    const decided = await decideAutoReply(w.conversation.id, mid, new Date(FRIDAY_NOON.getTime() + 50));
    expect(decided?.kind).toBe("instant");
    expect(decided?.summary.last_message_text).toBe("Thanks, we got your message!");
    const [row] = await automatic(w.conversation.id);
    expect(row).toMatchObject({ automatic: "instant", authorId: null, answersCustomer: false, sendStatus: "pending", mid: null, direction: "outbound", text: "Thanks, we got your message!" });
    const conversation = await db.conversation.findUniqueOrThrow({ where: { id: w.conversation.id } });
    expect(conversation.autoReplyAt?.toISOString()).toBe(new Date(FRIDAY_NOON.getTime() + 50).toISOString());
    // Still waiting for a person: the automatic reply answers nobody (docs/PRODUCT.md §11).
    expect(conversation.waitingSince?.toISOString()).toBe(FRIDAY_NOON.toISOString());
    // The same message decided again (a webhook retry, a second worker): nothing more.
    expect(await decideAutoReply(w.conversation.id, mid, new Date(FRIDAY_NOON.getTime() + 60_000))).toBeNull();
    expect(await automatic(w.conversation.id)).toHaveLength(1);
  });

  it("is decided once when two workers decide the same message at the same moment", async () => {
    const w = await world({ instant: true });
    const mid = await writes(w, FRIDAY_NOON);
    const both = await Promise.all([decideAutoReply(w.conversation.id, mid, FRIDAY_NOON), decideAutoReply(w.conversation.id, mid, FRIDAY_NOON)]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(await automatic(w.conversation.id)).toHaveLength(1);
  });

  it("does not answer a later message of the conversation, even after N hours", async () => {
    const w = await world({ instant: true, everyHours: 1 });
    await writes(w, FRIDAY_NOON);
    const later = await writes(w, new Date(FRIDAY_NOON.getTime() + 3 * HOUR));
    expect(await decideAutoReply(w.conversation.id, later, new Date(FRIDAY_NOON.getTime() + 3 * HOUR))).toBeNull();
  });

  it("is not sent when an agent answered within N hours, nor outside the 24 h window, nor when off", async () => {
    const answered = await world({ instant: true });
    const agent = await makeUser("staff", answered.company.id);
    const mid = await writes(answered, FRIDAY_NOON);
    // The agent was quicker than the worker (its reply, still pending, counts).
    await db.message.create({ data: { conversationId: answered.conversation.id, direction: "outbound", senderId: answered.page.facebookPageId, authorId: agent.id, answersCustomer: true, text: "Hi!", sendStatus: "pending", createdTime: new Date(FRIDAY_NOON.getTime() + 1000) } });
    expect(await decideAutoReply(answered.conversation.id, mid, new Date(FRIDAY_NOON.getTime() + 2000))).toBeNull();

    const late = await world({ instant: true });
    const old = await writes(late, FRIDAY_NOON);
    expect(await decideAutoReply(late.conversation.id, old, new Date(FRIDAY_NOON.getTime() + 25 * HOUR))).toBeNull();

    const off = await world({ instant: false });
    expect(await decideAutoReply(off.conversation.id, await writes(off, FRIDAY_NOON), FRIDAY_NOON)).toBeNull();
    expect(await db.message.count({ where: { automatic: { not: null } } })).toBe(0);
  });
});

describe("the away reply", () => {
  // Berlin; Mon–Fri 09:00–17:00, and Friday night 22:00 until 02:00 on Saturday.
  const hours: Record<string, [number, number][]> = { "1": [[540, 1020]], "2": [[540, 1020]], "3": [[540, 1020]], "4": [[540, 1020]], "5": [[540, 1020], [1320, 120]], "7": [[540, 1020]] };
  const berlin = { away: true, timezone: "Europe/Berlin", hours };

  it("goes only outside the business hours, at most once per N hours, again after them", async () => {
    const w = await world({ ...berlin, everyHours: 12 });
    // Friday 13:00 Berlin: open.
    expect(await decideAutoReply(w.conversation.id, await writes(w, FRIDAY_NOON), FRIDAY_NOON)).toBeNull();
    // Friday 18:30 Berlin: closed.
    const evening = new Date("2026-01-16T17:30:00Z");
    expect((await decideAutoReply(w.conversation.id, await writes(w, evening), evening))?.kind).toBe("away");
    // Saturday 03:30 Berlin (closed): within 12 hours of the last one.
    const night = new Date("2026-01-17T02:30:00Z");
    expect(await decideAutoReply(w.conversation.id, await writes(w, night), night)).toBeNull();
    // Saturday 10:00 Berlin: 15.5 hours later, closed on Saturdays.
    const saturday = new Date("2026-01-17T09:00:00Z");
    expect((await decideAutoReply(w.conversation.id, await writes(w, saturday), saturday))?.kind).toBe("away");
    expect(await automatic(w.conversation.id)).toHaveLength(2);
  });

  it("knows hours that run past midnight", async () => {
    // Saturday 01:30 Berlin: inside Friday's 22:00–02:00.
    const open = await world(berlin);
    const late = new Date("2026-01-17T00:30:00Z");
    expect(await decideAutoReply(open.conversation.id, await writes(open, late), late)).toBeNull();
    // Saturday 02:30 Berlin: that window has ended.
    const closed = await world(berlin);
    const after = new Date("2026-01-17T01:30:00Z");
    expect((await decideAutoReply(closed.conversation.id, await writes(closed, after), after))?.kind).toBe("away");
  });

  it("counts local hours across a change to summer time", async () => {
    // Sunday 29 March 2026, clocks go 02:00 → 03:00 in Berlin (UTC+2 afterwards). 07:30 UTC = 09:30 local: open
    // (with winter time's offset it would be 08:30, closed); 15:30 UTC = 17:30 local: closed (16:30 in winter time).
    const morning = await world(berlin);
    const at0730 = new Date("2026-03-29T07:30:00Z");
    expect(await decideAutoReply(morning.conversation.id, await writes(morning, at0730), at0730)).toBeNull();
    const evening = await world(berlin);
    const at1530 = new Date("2026-03-29T15:30:00Z");
    expect((await decideAutoReply(evening.conversation.id, await writes(evening, at1530), at1530))?.kind).toBe("away");
  });

  it("wins over the instant reply outside the hours; there are no away replies around the clock", async () => {
    const both = await world({ ...berlin, instant: true });
    const evening = new Date("2026-01-16T17:30:00Z");
    expect((await decideAutoReply(both.conversation.id, await writes(both, evening), evening))?.kind).toBe("away");
    const always = await world({ away: true, hours: null });
    expect(await decideAutoReply(always.conversation.id, await writes(always, evening), evening)).toBeNull();
  });
});

describe("a decided reply nobody started to send", () => {
  it("is never failed by the stale-send sweep", async () => {
    const w = await world({ instant: true });
    const mid = await writes(w, new Date(Date.now() - 60_000));
    expect(await decideAutoReply(w.conversation.id, mid, new Date(Date.now() - 59_000))).not.toBeNull();
    await failStaleSends(new Date(Date.now() + 3600_000));
    expect((await automatic(w.conversation.id))[0]?.sendStatus).toBe("pending");
  });
});
