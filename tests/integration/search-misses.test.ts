import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { SEARCH_LIMITS, searchConversationIds, type SearchInput } from "@/server/services/conversations/search-conversations";
import { forgetMisses, knownMisses } from "@/server/services/conversations/search-misses";
import { recordMessage, recordOwnMessage, type NewMessage } from "@/server/services/conversations/record-message";
import { makeCompany, makePage } from "./support/factory";

// Search remembers the conversations whose messages it read without finding a term, at the version of
// their messages (search-misses.ts), and skips their messages while that version holds. Every way a
// message's text reaches the database must move the version in the same transaction, or a search would
// keep missing a conversation that now holds the term. Each writer below is checked on a conversation
// the memo holds, with the term only in a message (never the name or the list preview), so that only a
// fresh read of its messages can find it.

const BASE = Date.UTC(2026, 5, 1, 12, 0, 0);
const DEFAULT_LIMITS = { ...SEARCH_LIMITS };
const TERM = "warranty";

let pageId: string;
/** Newest first: 12 conversations without the term, then 6 with it in an old message. */
let without: string[];
let withTerm: string[];

async function makeConversation(name: string, at: Date, texts: string[]) {
  const customer = await db.customer.create({ data: { pageId, psid: `psid-${randomUUID()}`, name } });
  const conversation = await db.conversation.create({ data: { pageId, customerId: customer.id, lastMessageText: "thanks", lastMessageAt: at } });
  await db.message.createMany({
    data: texts.map((text, i) => ({ conversationId: conversation.id, direction: "inbound" as const, senderId: customer.psid, text, sendStatus: "received" as const, createdTime: new Date(at.getTime() - (texts.length - i) * 60_000) })),
  });
  return conversation.id;
}

const input = (take = 4): SearchInput => ({ pageId, term: TERM, isSpam: false, isImportant: false, tags: [], cursor: null, offset: 0, take });
const found = async () => (await searchConversationIds(input())).ids;
const version = async (id: string) => (await db.conversation.findUniqueOrThrow({ where: { id }, select: { messagesVersion: true } })).messagesVersion;

function newMessage(conversationId: string, text: string, direction: "inbound" | "outbound"): NewMessage {
  return {
    conversationId, mid: direction === "inbound" ? `m_${randomUUID()}` : null, direction, senderId: "someone", isEcho: false,
    sendStatus: direction === "inbound" ? "received" : "pending", createdTime: new Date(BASE - 3_600_000), // older than the preview: it stays
    text, stickerUrl: null, attachments: [], isImage: false, kind: "text", payload: null, replyToMid: null, referral: null, deletedAt: null, preview: null,
    countsAsInbound: direction === "inbound",
  };
}

describe("search skips the messages it read in vain, until they change", () => {
  beforeEach(async () => {
    // Small stretches and a probe that counts 6 matching messages as many: every search here reads the
    // newest conversations message by message (step 3 of search-conversations.ts).
    Object.assign(SEARCH_LIMITS, { messages: 2, stretch: 4, secondStretch: 8, denseHits: 4 });
    forgetMisses();
    const company = await makeCompany();
    pageId = (await makePage(company.id)).id;
    without = [];
    withTerm = [];
    for (let i = 0; i < 12; i++) without.push(await makeConversation(`New ${i}`, new Date(BASE - i * 60_000), ["hello", "where is my order?"]));
    for (let i = 0; i < 6; i++) withTerm.push(await makeConversation(`Old ${i}`, new Date(BASE - (20 + i) * 60_000), [`is the ${TERM} still valid?`, "ok"]));
  });
  afterEach(() => {
    Object.assign(SEARCH_LIMITS, DEFAULT_LIMITS);
  });

  it("remembers the conversations a search read without a match, and only those", async () => {
    expect(await found()).toEqual(withTerm.slice(0, 4));
    const remembered = knownMisses(pageId, TERM).map((key) => key.split(":")[0]);
    expect(new Set(remembered)).toEqual(new Set(without));
    expect(knownMisses(pageId, "Warranty")).toEqual([]); // the exact term, as searched
  });

  it("does not read a remembered conversation's messages again while their version holds", async () => {
    await found();
    // A message written behind the version's back (triggers off for this session, so the page too is
    // ours to set): the memo must hide it, which shows that the search really skipped those messages …
    await db.$transaction([
      db.$executeRawUnsafe("SET LOCAL session_replication_role = replica"),
      db.message.create({ data: { conversationId: without[0]!, pageId, direction: "inbound", senderId: "x", text: `my ${TERM} card`, sendStatus: "received", createdTime: new Date(BASE - 3_600_000) } }),
    ]);
    expect(await found()).toEqual(withTerm.slice(0, 4));
    // … and forgetting the memo finds it.
    forgetMisses();
    expect(await found()).toEqual([without[0], ...withTerm.slice(0, 3)]);
  });

  describe("finds a remembered conversation again once its messages change", () => {
    beforeEach(async () => {
      expect(await found()).toEqual(withTerm.slice(0, 4));
    });

    const writers: [string, (conversationId: string) => Promise<unknown>][] = [
      ["a webhook message (the ingest's statement)", (id) => recordMessage(newMessage(id, `${TERM} claim`, "inbound"))],
      ["an agent's reply (stored as pending before the Send API)", (id) => recordOwnMessage(newMessage(id, `your ${TERM} covers it`, "outbound"))],
      [
        "a plain insert (a blocked message)",
        (id) => db.message.create({ data: { conversationId: id, direction: "outbound", senderId: "page", text: `${TERM} at http://x.test`, isViolation: true, sendStatus: "blocked", createdTime: new Date(BASE - 3_600_000) } }),
      ],
      [
        "a history import (many messages in one statement)",
        (id) =>
          db.message.createMany({
            data: ["first", `old ${TERM} mail`, "last"].map((text, i) => ({ conversationId: id, direction: "inbound" as const, senderId: "x", text, sendStatus: "received" as const, createdTime: new Date(BASE - 7_200_000 + i) })),
          }),
      ],
      [
        "an edit of an old message's text",
        async (id) => {
          const old = await db.message.findFirstOrThrow({ where: { conversationId: id, text: "hello" } });
          await db.message.update({ where: { id: old.id }, data: { text: `hello, ${TERM}?` } });
        },
      ],
    ];

    it.each(writers)("%s", async (_, write) => {
      const before = await version(without[1]!);
      await write(without[1]!);
      expect(await version(without[1]!)).not.toBe(before);
      expect(await found()).toEqual([without[1], ...withTerm.slice(0, 3)]);
    });

    it("a status change, a reaction or a deletion leaves the version (they cannot add a match)", async () => {
      const id = without[2]!;
      const before = await version(id);
      const message = await db.message.findFirstOrThrow({ where: { conversationId: id } });
      await db.message.update({ where: { id: message.id }, data: { sendStatus: "failed", reactions: [{ emoji: "👍" }] } });
      await db.message.delete({ where: { id: message.id } });
      expect(await version(id)).toBe(before);
      expect(await found()).toEqual(withTerm.slice(0, 4));
    });
  });

  it("bumps a conversation once for a statement of many messages, and counts every transaction", async () => {
    const id = without[3]!;
    const before = await version(id);
    await db.message.createMany({ data: Array.from({ length: 50 }, (_, i) => ({ conversationId: id, direction: "inbound" as const, senderId: "x", text: `n${i}`, sendStatus: "received" as const, createdTime: new Date(BASE - i) })) });
    expect(await version(id)).toBe(before + 1);
    await recordMessage(newMessage(id, "again", "inbound"));
    await recordMessage(newMessage(id, "and again", "inbound"));
    expect(await version(id)).toBe(before + 3);
  });
});
