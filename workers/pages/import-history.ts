import { db } from "@/server/db";
import { env } from "@/server/env";
import { createOrFind } from "@/server/db/unique";
import { redis } from "@/server/redis";
import { decryptSecret } from "@/server/security/secret-box";
import { fetchConversationsPage, type GraphConversation } from "@/server/integrations/meta/graph-pages";
import { importedConversation } from "@/server/services/pages/connection/import-caps";
import { fallbackCustomerName } from "@/server/services/inbound/customers";

// The history import right after a Page is connected: its most recent conversations (IMPORT_CONVERSATIONS,
// default 100) with their newest messages (IMPORT_MESSAGES_PER_CONVERSATION, default 25), through the
// Conversations API. Messages are keyed by Meta's mid, so a second run (or a retry after a 613) adds
// nothing twice. Imported messages are history: no socket events (no toasts or sounds), no unread
// count, no whitelist check. Whatever Graph answers, only that many are stored (import-caps.ts: texts cut,
// attachment URLs checked, ids digits). The Graph paging cursor is kept in Redis, so a job retried after a rate
// limit resumes where it stopped.

const BATCH = 25;
const cursorKey = (pageId: string) => `import:cursor:${pageId}`;

export async function importPageHistory(pageId: string): Promise<{ conversations: number; messages: number }> {
  const page = await db.page.findUnique({ where: { id: pageId }, select: { id: true, facebookPageId: true, accessTokenEnc: true, importState: true, importDone: true } });
  if (!page) return { conversations: 0, messages: 0 };
  const { IMPORT_CONVERSATIONS: total, IMPORT_MESSAGES_PER_CONVERSATION: perConversation } = env();
  const token = decryptSecret(page.accessTokenEnc);
  let after = (await redis().get(cursorKey(pageId))) ?? undefined;
  let done = after ? page.importDone : 0;
  let messages = 0;
  await db.page.update({ where: { id: pageId }, data: { importState: "running", importTotal: total, importDone: done, importError: null } });
  try {
    while (done < total) {
      const batch = await fetchConversationsPage(page.facebookPageId, token, { limit: Math.min(BATCH, total - done), messagesPerConversation: perConversation, after });
      const conversations = Array.isArray(batch.data) ? batch.data : [];
      for (const conversation of conversations.slice(0, total - done)) {
        messages += await importConversation(page, conversation, perConversation);
        done++;
      }
      await db.page.update({ where: { id: pageId }, data: { importDone: done } });
      if (typeof batch.after !== "string" || !batch.after || batch.after.length > 2000 || conversations.length === 0) break;
      after = batch.after;
      await redis().set(cursorKey(pageId), after, "EX", 24 * 3600);
    }
    // Fewer conversations than asked for: the page had no more.
    await db.page.update({ where: { id: pageId }, data: { importState: "done", importDone: done, importTotal: done } });
    await redis().del(cursorKey(pageId));
    return { conversations: done, messages };
  } catch (error) {
    await db.page.updateMany({ where: { id: pageId }, data: { importError: (error as Error).message.slice(0, 500) } });
    throw error;
  }
}

/** Marks the import failed for good (the job's last attempt), so the screens stop saying "Importing…". */
export async function failPageHistoryImport(pageId: string, message: string): Promise<void> {
  await db.page.updateMany({ where: { id: pageId, importState: "running" }, data: { importState: "failed", importError: message.slice(0, 500) } });
}

async function importConversation(page: { id: string; facebookPageId: string }, conversation: GraphConversation, perConversation: number): Promise<number> {
  const kept = importedConversation(conversation, page.facebookPageId, perConversation);
  if (!kept) return 0;
  const { psid } = kept;
  const customer = await createOrFind(
    () => db.customer.create({ data: { pageId: page.id, psid, name: kept.name || fallbackCustomerName(psid) } }),
    () => db.customer.findUnique({ where: { pageId_channel_psid: { pageId: page.id, channel: "messenger", psid } } }),
  );
  const thread = await findOrCreateConversation(page.id, customer.id);
  const rows = kept.messages.map((m) => ({
    conversationId: thread.id,
    mid: m.mid,
    direction: m.inbound ? ("inbound" as const) : ("outbound" as const),
    senderId: m.inbound ? psid : page.facebookPageId,
    text: m.text,
    attachments: m.images.length ? m.images.map((url) => ({ type: "image", url, previewUrl: url })) : undefined,
    isImage: m.images.length > 0 && !m.text,
    isImported: true,
    sendStatus: m.inbound ? ("received" as const) : ("sent" as const),
    createdTime: m.createdTime,
  }));
  const { count } = await db.message.createMany({ data: rows, skipDuplicates: true });
  const newest = rows.reduce<(typeof rows)[number] | undefined>((a, b) => (!a || b.createdTime > a.createdTime ? b : a), undefined);
  const newestInbound = rows.filter((r) => r.direction === "inbound").reduce<Date | null>((a, r) => (!a || r.createdTime > a ? r.createdTime : a), null);
  if (newest && newest.createdTime > thread.lastMessageAt) {
    await db.conversation.update({
      where: { id: thread.id },
      data: {
        lastMessageAt: newest.createdTime,
        lastMessageText: newest.text,
        lastMessageIsImage: newest.isImage,
        ...(newestInbound && (!thread.lastInboundAt || newestInbound > thread.lastInboundAt) ? { lastInboundAt: newestInbound } : {}),
      },
    });
  }
  return count;
}

/** The imported customer's conversation (the webhook path creates both at once in customers.ts; an import already has its customer row). */
async function findOrCreateConversation(pageId: string, customerId: string) {
  const existing = await db.conversation.findUnique({ where: { customerId } });
  if (existing) return existing;
  return createOrFind(
    () => db.conversation.create({ data: { pageId, customerId, lastMessageAt: new Date(0) } }),
    () => db.conversation.findUnique({ where: { customerId } }),
  );
}
