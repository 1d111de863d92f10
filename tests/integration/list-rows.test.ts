import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import type { Prisma } from "@/server/generated/prisma/client";
import { listRowsByIds, listRowsOf, visibleListRow, type ListFilter } from "@/server/services/conversations/list-rows";
import { threadRowsOf } from "@/server/services/conversations/thread-rows";
import { conversationListSelect, messageSelect } from "@/server/services/conversations/serialize";
import { pageIdWhere, visiblePagesWhere } from "@/server/access/pages";
import { makeCompany, makePage, makeUser, makeVisibilityWorld } from "./support/factory";
import { makeConversation, makeMessages } from "./support/inbox-factory";

// The list, the thread and the thread's own row are read through plain pg (list-rows.ts, thread-rows.ts),
// beside the Prisma selects every other path uses (serialize.ts). These hold each plain read to the answer
// of the Prisma query it replaced, over filters, cursors, ties and visibility, so the two cannot drift.

function prismaList(pageId: string, f: ListFilter) {
  const where: Prisma.ConversationWhereInput = {
    pageId,
    isSpam: f.isSpam,
    ...(f.assigneeId !== undefined ? { assigneeId: f.assigneeId } : {}),
    ...(f.isImportant ? { isImportant: true } : {}),
    ...(f.tags.length ? { tags: { some: { name: { in: f.tags } } } } : {}),
  };
  const keyset = f.cursor ? { OR: [{ lastMessageAt: { lt: f.cursor.at } }, { lastMessageAt: f.cursor.at, id: { lt: f.cursor.id } }] } : {};
  return db.conversation.findMany({ where: { AND: [where, keyset] }, orderBy: [{ lastMessageAt: "desc" }, { id: "desc" }], skip: f.offset, take: f.take, select: conversationListSelect });
}

describe("plain-pg list and thread reads answer as the Prisma queries did", () => {
  it("list rows: every filter, cursor and offset, ties included; rows by id keep the given order", async () => {
    const acme = await makeCompany("Acme");
    const ann = await makeUser("staff", acme.id, { name: "Ann" });
    const page = await makePage(acme.id, [ann.id], "Shoes");
    const tie = new Date("2026-11-01T10:00:00.000Z");
    for (let i = 0; i < 14; i++) {
      const { conversation } = await makeConversation(page.id, {
        at: i % 4 === 0 ? tie : new Date(tie.getTime() - i * 60_000),
        important: i % 3 === 0,
        spam: i === 5 || i === 9,
        unread: i % 2,
        tags: i % 5 === 0 ? ["vip", "blue"] : i % 5 === 1 ? ["blue"] : [],
        lastInboundAt: i === 7 ? null : undefined,
      });
      if (i % 4 === 1) await db.conversation.update({ where: { id: conversation.id }, data: { assigneeId: ann.id } });
    }
    await db.customer.updateMany({ where: { pageId: page.id, name: "Customer 1" }, data: { avatarUrl: "https://example.com/a.png" } });
    const other = await makePage(acme.id, [], "Outlet");
    await makeConversation(other.id, { at: tie });
    const pageRow = { id: page.id, name: page.name, facebookPageId: page.facebookPageId };

    const base: ListFilter = { isSpam: false, isImportant: false, tags: [], assigneeId: undefined, cursor: null, offset: 0, take: 50 };
    const all = await prismaList(page.id, base);
    expect(all.length).toBe(12);
    const filters: ListFilter[] = [
      base,
      { ...base, isSpam: true },
      { ...base, isImportant: true },
      { ...base, tags: ["vip"] },
      { ...base, tags: ["blue", "vip"] },
      { ...base, tags: ["nobody"] },
      { ...base, assigneeId: ann.id },
      { ...base, assigneeId: null },
      { ...base, assigneeId: null, isImportant: true, tags: ["blue"] },
      { ...base, offset: 3, take: 4 },
      { ...base, offset: 20 },
      ...[1, 2, 3, 6].map((n) => ({ ...base, take: 5, cursor: { at: all[n]!.lastMessageAt, id: all[n]!.id } })),
      { ...base, isImportant: true, cursor: { at: all[2]!.lastMessageAt, id: all[2]!.id } },
    ];
    for (const filter of filters) {
      expect(await listRowsOf(pageRow, filter), JSON.stringify(filter)).toEqual(await prismaList(page.id, filter));
    }
    const ids = [all[4]!.id, all[0]!.id, "00000000-0000-7000-8000-000000000000", all[9]!.id];
    expect(await listRowsByIds(pageRow, ids)).toEqual([all[4], all[0], all[9]]);
    // Another page's conversation is not read through this page.
    const foreign = await db.conversation.findFirstOrThrow({ where: { pageId: other.id } });
    expect(await listRowsByIds(pageRow, [foreign.id])).toEqual([]);
  });

  it("a conversation's row: the same visibility as visiblePagesWhere, by our page id or Facebook's", async () => {
    const { staff, page, otherPage, actors } = await makeVisibilityWorld();
    const { conversation } = await makeConversation(page.id, { tags: ["vip"] });
    await db.conversation.update({ where: { id: conversation.id }, data: { assigneeId: staff.id } });

    let seen = 0;
    for (const actor of actors) {
      for (const pageId of [undefined, page.id, page.facebookPageId, otherPage.id, "not-a-page"]) {
        const oracle = await db.conversation.findFirst({
          where: { id: conversation.id, page: { AND: [visiblePagesWhere(actor), ...(pageId ? [pageIdWhere(pageId)] : [])] } },
          select: conversationListSelect,
        });
        expect(await visibleListRow(actor, conversation.id, pageId), `${actor.role} ${pageId}`).toEqual(oracle);
        if (oracle) seen++;
      }
    }
    // staff, the company admin and the super admin, each without a page and with both of its ids.
    expect(seen).toBe(9);
  });

  it("thread rows: newest first, both cursors, authors, attachments and reactions as Prisma maps them", async () => {
    const acme = await makeCompany("Acme");
    const agent = await makeUser("staff", acme.id, { name: "Agent Ann" });
    const page = await makePage(acme.id, [agent.id]);
    const { conversation, customer } = await makeConversation(page.id);
    const at = new Date("2026-11-01T10:00:00.000Z");
    await makeMessages(conversation.id, customer.psid, 6, at);
    await db.message.createMany({
      data: [0, 1, 2].map((i) => ({
        conversationId: conversation.id,
        mid: `m_same_${i}`,
        direction: "outbound" as const,
        senderId: page.facebookPageId,
        authorId: i === 1 ? agent.id : null,
        text: null,
        attachments: [{ type: "image", url: `https://example.com/${i}.png` }],
        isImage: true,
        reactions: i === 2 ? [{ psid: customer.psid, emoji: "❤", reaction: "love", at: at.toISOString() }] : undefined,
        replyToMid: i === 0 ? "m_same_1" : null,
        sendStatus: "sent" as const,
        createdTime: new Date(at.getTime() + 2 * 60_000),
      })),
    });
    const prismaRows = await db.message.findMany({ where: { conversationId: conversation.id }, orderBy: [{ createdTime: "desc" }, { id: "desc" }], select: messageSelect });
    expect(prismaRows).toHaveLength(9);
    expect(await threadRowsOf(conversation.id, { older: null, newer: null, take: 50 })).toEqual(prismaRows);
    expect(await threadRowsOf(conversation.id, { older: null, newer: null, take: 4 })).toEqual(prismaRows.slice(0, 4));
    for (const n of [1, 2, 3, 5]) {
      const cursor = { at: prismaRows[n]!.createdTime, id: prismaRows[n]!.id };
      expect(await threadRowsOf(conversation.id, { older: cursor, newer: null, take: 3 }), `older than ${n}`).toEqual(prismaRows.slice(n + 1, n + 4));
      expect(await threadRowsOf(conversation.id, { older: null, newer: cursor, take: 50 }), `newer than ${n}`).toEqual(prismaRows.slice(0, n).reverse());
    }
    expect((await threadRowsOf(conversation.id, { older: null, newer: null, take: 50 })).filter((m) => m.author)).toEqual([
      expect.objectContaining({ mid: "m_same_1", author: { id: agent.id, name: "Agent Ann" } }),
    ]);
  });
});
