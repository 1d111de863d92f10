import { describe, expect, it } from "vitest";
import { groupMessages } from "@/lib/inbox/group-messages";
import { threadRows } from "@/lib/inbox/thread-rows";
import { applyReceipts, historyFromPages, lastCustomerMessageAt, mergeThread, settleOptimistic, upsertIncoming } from "@/lib/inbox/thread-merge";
import { awaitingServer, optimisticMessage, toUiMessage, type UiMessage } from "@/lib/inbox/ui-message";
import type { ApiMessage, ThreadPage } from "@/lib/inbox/types";

const T0 = new Date(2026, 10, 19, 10, 0, 5).getTime();

function msg(id: string, over: Partial<UiMessage> = {}): UiMessage {
  return { id, mid: `m_${id}`, text: id, sender: "other", senderName: "Ana Lima", attachments: [], isSticker: false, sticker: null, isImage: false, isVoilation: false, timestamp: T0, status: "received", errorMessage: null,
    kind: "text", media: [], payload: null, referralLine: null, reactions: [], edited: false, deleted: false, unsupported: false, replyTo: null, ...over };
}

function api(id: string, over: Partial<ApiMessage> = {}): ApiMessage {
  return {
    id, mid: `m_${id}`, message: id, sticker: null, created_time: new Date(T0).toISOString(), timestamp: T0, from: { id: "psid", name: "Ana Lima" }, sender_id: "psid",
    conversation_id: "c1", direction: "inbound", attachments: { data: [] }, is_sticker: false, is_image: false, is_echo: false, isVoilation: false, status: "received", error_message: null, ...over,
  };
}

describe("UI message groups (PRODUCT §3)", () => {
  const now = new Date(2026, 10, 19, 18, 0);

  it("groups by date, then by sender within the same minute", () => {
    const messages = [
      msg("a", { timestamp: new Date(2026, 10, 18, 9, 0, 1).getTime() }),
      msg("b", { timestamp: T0 }),
      msg("c", { timestamp: T0 + 30_000 }), // same minute (10:00:35)
      msg("d", { timestamp: T0 + 60_000 }), // next minute
      msg("e", { timestamp: T0 + 61_000, sender: "me", senderName: "Sara Staff" }),
      msg("f", { timestamp: T0 + 62_000, sender: "me", senderName: "Sara Staff" }),
      msg("g", { timestamp: T0 + 63_000 }),
    ];
    const groups = groupMessages(messages, now);
    expect(groups.map((g) => g.date)).toEqual(["Yesterday", "Today"]);
    expect(groups[0]!.senderGroups).toHaveLength(1);
    const today = groups[1]!.senderGroups;
    expect(today.map((g) => [g.sender, g.senderName, g.messages.map((m) => m.id).join("")])).toEqual([
      ["other", "Ana Lima", "bc"],
      ["other", "Ana Lima", "d"],
      ["me", "Sara Staff", "ef"],
      ["other", "Ana Lima", "g"],
    ]);
    expect(today[0]!.timestampMinutes).toBe(Math.floor(T0 / 60_000));
    expect(today[0]!.time).toBe("10:00 AM");
  });

  it("does not join two agents' messages in the same minute", () => {
    const groups = groupMessages([msg("a", { sender: "me", senderName: "Sara" }), msg("b", { sender: "me", senderName: "Tom" })], now);
    expect(groups[0]!.senderGroups).toHaveLength(2);
  });

  it("labels older days with the weekday and the year rule", () => {
    const groups = groupMessages([msg("a", { timestamp: new Date(2025, 10, 17, 9).getTime() }), msg("b", { timestamp: new Date(2026, 10, 16, 9).getTime() })], now);
    expect(groups.map((g) => g.date)).toEqual(["Mon, Nov 17, 2025", "Mon, Nov 16"]);
  });

  it("gives nothing for no messages", () => {
    expect(groupMessages([], now)).toEqual([]);
  });

  it("a system line (opt-in, handover) is a group of its own and does not join the customer's bubbles", () => {
    const groups = groupMessages([msg("a"), msg("s", { kind: "system", text: "Opted in", timestamp: T0 + 1000 }), msg("b", { timestamp: T0 + 2000 })], now);
    expect(groups[0]!.senderGroups.map((g) => [Boolean(g.system), g.messages.map((m) => m.id).join("")])).toEqual([
      [false, "a"],
      [true, "s"],
      [false, "b"],
    ]);
  });
});

describe("the API message → UI message", () => {
  it("maps direction, attachments, sticker and the violation flag", () => {
    const ui = toUiMessage(api("x", { direction: "outbound", from: { id: "page", name: "Sara Staff" }, isVoilation: true, attachments: { data: [{ image_data: { url: "https://a/1.png", preview_url: "" } }] } }));
    expect(ui).toMatchObject({ sender: "me", senderName: "Sara Staff", isVoilation: true, attachments: [{ url: "https://a/1.png", previewUrl: "https://a/1.png" }] });
  });

  it("reads newest-first pages as one oldest-first thread", () => {
    const pages = [
      { data: [api("3"), api("2")], paging: { cursors: { before: null, after: null }, next: "x" } },
      { data: [api("1")], paging: { cursors: { before: null, after: null }, next: null } },
    ] as unknown as ThreadPage[];
    expect(historyFromPages(pages).map((m) => m.id)).toEqual(["1", "2", "3"]);
    expect(historyFromPages(undefined)).toEqual([]);
  });

  it("keeps each fetched message's UI copy when more pages arrive (a long thread is not converted again)", () => {
    const newest = { data: [api("3"), api("2")], paging: { cursors: { before: null, after: "c" }, next: "x" } } as unknown as ThreadPage;
    const older = { data: [api("1")], paging: { cursors: { before: null, after: null }, next: null } } as unknown as ThreadPage;
    const first = historyFromPages([newest]);
    const second = historyFromPages([newest, older]);
    expect(second.map((m) => m.id)).toEqual(["1", "2", "3"]);
    expect(second[1]).toBe(first[0]);
    expect(second[2]).toBe(first[1]);
  });
});

describe("the thread as the virtualised list's rows", () => {
  it("puts each day's separator before its sender groups, keyed so prepending older pages keeps the keys", () => {
    const now = new Date(2026, 10, 19, 18, 0);
    const messages = [msg("a", { timestamp: new Date(2026, 10, 18, 9).getTime() }), msg("b"), msg("c", { sender: "me", senderName: "Sara Staff" })];
    const rows = threadRows(messages, now);
    expect(rows.map((r) => (r.kind === "day" ? `day ${r.date}` : `group ${r.group.messages.map((m) => m.id).join("")}`))).toEqual(["day Yesterday", "group a", "day Today", "group b", "group c"]);
    const withOlder = threadRows([msg("z", { timestamp: new Date(2026, 10, 17, 9).getTime() }), ...messages], now);
    expect(withOlder.slice(2).map((r) => r.key)).toEqual(rows.map((r) => r.key));
    expect(threadRows([], now)).toEqual([]);
  });
});

describe("merging live and optimistic messages", () => {
  it("shows a message once when history already has it (by id or mid)", () => {
    const history = [msg("a"), msg("b", { timestamp: T0 + 1 })];
    const overlay = [msg("b", { timestamp: T0 + 1 }), msg("zz", { mid: "m_a" }), msg("c", { timestamp: T0 + 2 })];
    expect(mergeThread(history, overlay).map((m) => m.id)).toEqual(["a", "b", "c"]);
  });

  it("sorts merged messages by time", () => {
    expect(mergeThread([msg("b", { timestamp: T0 + 5 })], [msg("a", { timestamp: T0 + 1 })]).map((m) => m.id)).toEqual(["a", "b"]);
  });

  it("puts newer arrivals after the history as they are, and sorts in one older than its newest message", () => {
    const history = [msg("h1", { timestamp: T0 + 1 }), msg("h2", { timestamp: T0 + 5 })];
    const newer = mergeThread(history, [msg("n2", { timestamp: T0 + 9 }), msg("n1", { timestamp: T0 + 7 }), msg("n3", { timestamp: T0 + 9 })]);
    expect(newer.map((m) => m.id)).toEqual(["h1", "h2", "n1", "n2", "n3"]);
    expect(newer[0]).toBe(history[0]);
    const tie = mergeThread(history, [msg("t", { timestamp: T0 + 5 })]);
    expect(tie.map((m) => m.id)).toEqual(["h1", "h2", "t"]);
    const older = mergeThread(history, [msg("late", { timestamp: T0 + 3 }), msg("n", { timestamp: T0 + 8 })]);
    expect(older.map((m) => m.id)).toEqual(["h1", "late", "h2", "n"]);
  });

  it("replaces the optimistic copy when our own message arrives over the socket first", () => {
    const pending = optimisticMessage({ text: "Hello!", senderName: "Sara", now: T0 });
    let overlay = upsertIncoming([pending], msg("srv", { sender: "me", text: "Hello!", status: "sent", timestamp: T0 + 40, sentAs: pending.clientId }));
    expect(overlay).toHaveLength(1);
    expect(overlay[0]).toMatchObject({ id: "srv", clientId: pending.clientId, timestamp: T0 });
    // …and the send call's answer then settles nothing twice.
    overlay = settleOptimistic(overlay, pending.clientId!, msg("srv", { sender: "me", text: "Hello!", status: "sent" }));
    expect(overlay.map((m) => m.id)).toEqual(["srv"]);
  });

  it("settles the optimistic copy with the server's message, or removes it on failure", () => {
    const pending = optimisticMessage({ text: "Hi", senderName: "Sara", now: T0 });
    expect(settleOptimistic([pending], pending.clientId!, msg("srv", { sender: "me", text: "Hi", isVoilation: true }))[0]).toMatchObject({ id: "srv", isVoilation: true });
    expect(settleOptimistic([pending], pending.clientId!, null)).toEqual([]);
  });

  it("a reply the server kept as failed can be retried; one still waiting for the server cannot", () => {
    const pending = optimisticMessage({ text: "Hi", senderName: "Sara", now: T0 });
    expect(awaitingServer(pending)).toBe(true);
    const [kept] = settleOptimistic([pending], pending.clientId!, msg("srv", { sender: "me", text: "Hi", status: "failed" }));
    expect(kept!.clientId).toBe(pending.clientId);
    expect(awaitingServer(kept!)).toBe(false);
    expect(awaitingServer(msg("other"))).toBe(false);
  });

  it("matches two identical replies in a row to their own optimistic copies by the clientId the server gave back, never by text", () => {
    const first = optimisticMessage({ text: "ok", senderName: "Sara", now: T0 });
    const second = optimisticMessage({ text: "ok", senderName: "Sara", now: T0 + 1 });
    // The second reply's new-message comes first, then the first's.
    let overlay = upsertIncoming([first, second], msg("srv2", { sender: "me", text: "ok", status: "pending", sentAs: second.clientId }));
    overlay = upsertIncoming(overlay, msg("srv1", { sender: "me", text: "ok", status: "pending", sentAs: first.clientId }));
    expect(overlay.map((m) => [m.clientId, m.id])).toEqual([
      [first.clientId, "srv1"],
      [second.clientId, "srv2"],
    ]);
    // Another agent's reply with the same text is a message of its own.
    expect(upsertIncoming([optimisticMessage({ text: "ok", senderName: "Sara" })], msg("theirs", { sender: "me", text: "ok", status: "pending" }))).toHaveLength(2);
  });

  it("does not take an inbound message with the same text for our pending one", () => {
    const pending = optimisticMessage({ text: "ok", senderName: "Sara", now: T0 });
    expect(upsertIncoming([pending], msg("in", { text: "ok" }))).toHaveLength(2);
  });

  it("replaces a repeated server message in place", () => {
    const overlay = upsertIncoming([msg("a")], msg("a", { text: "edited" }));
    expect(overlay).toHaveLength(1);
    expect(overlay[0]!.text).toBe("edited");
  });
});

describe("receipts", () => {
  it("move our messages up to the watermark forward only", () => {
    const messages = [
      msg("1", { sender: "me", status: "sent", timestamp: 100 }),
      msg("2", { sender: "me", status: "read", timestamp: 150 }),
      msg("3", { sender: "me", status: "sent", timestamp: 300 }),
      msg("4", { sender: "other", status: "received", timestamp: 120 }),
    ];
    const out = applyReceipts(messages, { delivered: 200 });
    expect(out.map((m) => m.status)).toEqual(["delivered", "read", "sent", "received"]);
    expect(applyReceipts(messages, { read: 400 }).map((m) => m.status)).toEqual(["read", "read", "read", "received"]);
  });

  it("a delivery also marks the messages it names by mid, even past its watermark", () => {
    const messages = [msg("1", { sender: "me", status: "sent", timestamp: 100 }), msg("2", { sender: "me", status: "sent", timestamp: 300 }), msg("3", { sender: "me", status: "sent", timestamp: 400 })];
    expect(applyReceipts(messages, { delivered: 200, deliveredMids: ["m_3"] }).map((m) => m.status)).toEqual(["delivered", "sent", "delivered"]);
  });

  it("finds the customer's last message (a system line is not the customer writing)", () => {
    expect(lastCustomerMessageAt([msg("1", { timestamp: 5 }), msg("2", { sender: "me", timestamp: 9 })])).toBe(5);
    expect(lastCustomerMessageAt([msg("1", { timestamp: 5 }), msg("s", { kind: "system", timestamp: 9 })])).toBe(5);
    expect(lastCustomerMessageAt([])).toBeNull();
  });
});

describe("revised messages (reactions, edits, unsends pushed as message-updated)", () => {
  it("a revised copy replaces the fetched message; a plain overlay copy never does", () => {
    const fetched = [msg("a"), msg("b")];
    expect(mergeThread(fetched, [msg("a", { text: "stale socket copy" })]).map((m) => m.text)).toEqual(["a", "b"]);
    const merged = mergeThread(fetched, [msg("a", { text: "edited", edited: true, revised: true })]);
    expect(merged.map((m) => [m.text, m.edited])).toEqual([["edited", true], ["b", false]]);
  });
  it("reads the new kinds from the API message, SPEC-only payloads included", () => {
    expect(toUiMessage(api("x"))).toMatchObject({ kind: "text", media: [], reactions: [], edited: false, deleted: false, replyTo: null });
    const voice = { type: "audio", url: "https://cdn/v.mp4", original_url: "https://cdn/v.mp4", stored: false, name: null, title: null, subtitle: null, image_url: null, mime: null, size: null, coordinates: null };
    const ui = toUiMessage(api("y", { kind: "audio", media: [voice], reactions: [{ psid: "p", emoji: "❤️", reaction: "love" }], is_edited: true, reply_to: { mid: "m_x", found: true, message: "hi", kind: "text", from_me: true } }));
    expect(ui).toMatchObject({ kind: "audio", media: [voice], reactions: [{ emoji: "❤️" }], edited: true, replyTo: { mid: "m_x", text: "hi", fromMe: true } });
  });
});

