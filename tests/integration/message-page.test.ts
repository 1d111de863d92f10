import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { recordMessage, recordOwnMessage, type NewMessage } from "@/server/services/conversations/record-message";
import { containsPattern, searchConversationIds } from "@/server/services/conversations/search-conversations";
import { makeCompany, makePage } from "./support/factory";
import { freshTables } from "./support/empty-tables";

// Search keeps to one page through messages.page_id, the first column of its trigram index
// (migration 20261127223000_search_page_scoped_trigram). So every message must carry its conversation's page,
// whoever writes it and whatever the insert says: a wrong page would show a message to another company's
// search, a missing one would hide it. The trigger messages_page_id fills it from the conversation.

let pageA: string;
let pageB: string;
let conversationA: string;
let conversationB: string;

async function makeConversation(pageId: string) {
  const customer = await db.customer.create({ data: { pageId, psid: `psid-${randomUUID()}`, name: "Dana Lima" } });
  return (await db.conversation.create({ data: { pageId, customerId: customer.id, lastMessageText: "hello", lastMessageAt: new Date() } })).id;
}

function newMessage(conversationId: string, text: string, direction: "inbound" | "outbound"): NewMessage {
  return {
    conversationId, mid: direction === "inbound" ? `m_${randomUUID()}` : null, direction, senderId: "someone", isEcho: false,
    sendStatus: direction === "inbound" ? "received" : "pending", createdTime: new Date(Date.now() - 3_600_000),
    text, stickerUrl: null, attachments: [], isImage: false, kind: "text", payload: null, replyToMid: null, referral: null, deletedAt: null, preview: null,
    countsAsInbound: direction === "inbound",
  };
}

const pageOf = async (id: string) => (await db.message.findUniqueOrThrow({ where: { id }, select: { pageId: true } })).pageId;

// Plans are read here: each test starts from tables as a fresh database has them (./support/empty-tables.ts).
beforeEach(freshTables);

beforeEach(async () => {
  const company = await makeCompany();
  pageA = (await makePage(company.id)).id;
  pageB = (await makePage((await makeCompany()).id)).id;
  conversationA = await makeConversation(pageA);
  conversationB = await makeConversation(pageB);
});

describe("every message carries its conversation's page", () => {
  it.each<[string, (conversationId: string) => Promise<string>]>([
    ["a webhook message (the ingest's statement)", async (id) => (await recordMessage(newMessage(id, "webhook", "inbound")))!.message.id],
    ["an agent's reply (stored as pending before the Send API)", async (id) => (await recordOwnMessage(newMessage(id, "reply", "outbound"))).message.id],
    [
      "Prisma's create (blocked messages)",
      async (id) => (await db.message.create({ data: { conversationId: id, direction: "outbound", senderId: "page", text: "blocked", isViolation: true, sendStatus: "blocked", createdTime: new Date() } })).id,
    ],
    [
      "Prisma's createMany (history imports)",
      async (id) => {
        const mid = `m_${randomUUID()}`;
        await db.message.createMany({ data: [{ conversationId: id, mid, direction: "inbound", senderId: "x", text: "imported", isImported: true, sendStatus: "received", createdTime: new Date() }] });
        return (await db.message.findUniqueOrThrow({ where: { mid } })).id;
      },
    ],
  ])("%s", async (_, write) => {
    expect(await pageOf(await write(conversationA))).toBe(pageA);
    expect(await pageOf(await write(conversationB))).toBe(pageB);
  });

  it("whatever page the insert names", async () => {
    const message = await db.message.create({
      data: { conversationId: conversationA, pageId: pageB, direction: "inbound", senderId: "x", text: "misfiled?", sendStatus: "received", createdTime: new Date() },
    });
    expect(await pageOf(message.id)).toBe(pageA);
  });

  it("follows a message moved to another conversation", async () => {
    const message = await db.message.create({ data: { conversationId: conversationA, direction: "inbound", senderId: "x", text: "moved", sendStatus: "received", createdTime: new Date() } });
    await db.message.update({ where: { id: message.id }, data: { conversationId: conversationB } });
    expect(await pageOf(message.id)).toBe(pageB);
  });

  it("refuses a message without a conversation, as the foreign key did", async () => {
    await expect(
      db.$executeRaw`INSERT INTO messages (id, conversation_id, direction, sender_id, text, send_status, created_time)
                     VALUES (${randomUUID()}::uuid, ${randomUUID()}::uuid, 'inbound', 'x', 'orphan', 'received', now())`,
    ).rejects.toThrow(/23503|foreign key/);
  });

  it("refuses to move a conversation to another page (its messages would stay behind)", async () => {
    await expect(db.conversation.update({ where: { id: conversationA }, data: { pageId: pageB } })).rejects.toThrow(/cannot move/);
    await db.conversation.update({ where: { id: conversationA }, data: { pageId: pageA } }); // the same page: no move
  });
});

describe("search reads only the page's postings", () => {
  it("finds a word on its own page only, through the page-scoped index", async () => {
    await recordMessage(newMessage(conversationA, "is the zebracorn in stock?", "inbound"));
    await recordMessage(newMessage(conversationB, "a zebracorn for me too", "inbound"));
    const search = (pageId: string) => searchConversationIds({ pageId, term: "zebracorn", isSpam: false, isImportant: false, tags: [], cursor: null, offset: 0, take: 10 });
    expect((await search(pageA)).ids).toEqual([conversationA]);
    expect((await search(pageB)).ids).toEqual([conversationB]);

    // The statement shape of search.ts (pageMessagesSql): the page is a condition of the index scan itself,
    // not a filter applied to every company's candidates afterwards. Scans off, so that a table this small
    // still shows which index can serve it.
    const plan = await db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      await tx.$executeRawUnsafe("SET LOCAL enable_indexscan = off");
      return tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
        `EXPLAIN SELECT m.conversation_id FROM messages m WHERE m.page_id = $1::uuid AND m.text ILIKE $2`,
        pageA,
        containsPattern("zebracorn"),
      );
    });
    const text = plan.map((r) => r["QUERY PLAN"]).join("\n");
    expect(text).toMatch(/Bitmap Index Scan on messages_page_text_trgm_idx .*\n\s+Index Cond: \(\(page_id = '[0-9a-f-]+'::uuid\) AND \(text ~~\* /);
  });
});
