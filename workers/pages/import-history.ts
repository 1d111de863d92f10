import { db } from "@/server/db";
import { env } from "@/server/env";
import { createOrFind } from "@/server/db/unique";
import { redis } from "@/server/redis";
import { decryptSecret } from "@/server/security/secret-box";
import { fetchConversationsPage, type GraphConversation } from "@/server/integrations/meta/graph-pages";
import { importedConversation } from "@/server/services/pages/connection/import-caps";
import { fallbackCustomerName } from "@/server/services/inbound/customers";
import { CHANNELS, type Channel } from "@/lib/inbox/channels";

// The history import right after a Page is connected (and of Instagram's when it is turned on): its most
// recent conversations on each channel (IMPORT_CONVERSATIONS, default 100) with their newest messages (IMPORT_MESSAGES_PER_CONVERSATION, default 25), through the
// Conversations API. Messages are keyed by Meta's mid, so a second run (or a retry after a 613) adds
// nothing twice. Imported messages are history: no socket events (no toasts or sounds), no unread
// count, no whitelist check. Whatever Graph answers, only that many are stored (import-caps.ts: texts cut,
// attachment URLs checked, ids digits). The channel and Graph's paging cursor are kept in Redis, so a job
// retried after a rate limit resumes where it stopped.

const BATCH = 25;
const cursorKey = (pageId: string) => `import:cursor:${pageId}`;

/** Where a retried job resumes: the channel being imported, Graph's cursor in it, how many of it are in. */
type Cursor = { channel: Channel; after?: string; count: number };
type ImportPage = { id: string; facebookPageId: string; token: string; instagramId: string | null };

async function readCursor(pageId: string): Promise<Cursor | null> {
  const raw = await redis().get(cursorKey(pageId));
  if (!raw) return null;
  try {
    const cursor = JSON.parse(raw) as Cursor;
    return CHANNELS.includes(cursor.channel) ? cursor : null;
  } catch {
    return { channel: "messenger", after: raw, count: 0 }; // a cursor stored before channels: Graph's alone
  }
}

const saveCursor = (pageId: string, cursor: Cursor) => redis().set(cursorKey(pageId), JSON.stringify(cursor), "EX", 24 * 3600);

/**
 * Messenger's conversations, then, while the Page's Instagram account is on, Instagram's (the same
 * Conversations API with platform=instagram, the same caps, IMPORT_CONVERSATIONS each). `only`: just
 * those channels (Instagram's alone when a company admin turns it on).
 */
export async function importPageHistory(pageId: string, only: readonly Channel[] = CHANNELS): Promise<{ conversations: number; messages: number }> {
  const row = await db.page.findUnique({
    where: { id: pageId },
    select: { id: true, facebookPageId: true, accessTokenEnc: true, importDone: true, instagram: { select: { instagramId: true, enabled: true } } },
  });
  if (!row) return { conversations: 0, messages: 0 };
  const page: ImportPage = { id: row.id, facebookPageId: row.facebookPageId, token: decryptSecret(row.accessTokenEnc), instagramId: row.instagram?.enabled ? row.instagram.instagramId : null };
  const channels = CHANNELS.filter((c) => only.includes(c) && (c === "messenger" || page.instagramId));
  const total = env().IMPORT_CONVERSATIONS;
  const saved = await readCursor(pageId);
  const progress = { done: saved ? row.importDone : 0, messages: 0 };
  await db.page.update({ where: { id: pageId }, data: { importState: "running", importTotal: total * channels.length, importDone: progress.done, importError: null } });
  try {
    for (const channel of channels.slice(saved ? Math.max(0, channels.indexOf(saved.channel)) : 0)) {
      await importChannel(page, channel, saved?.channel === channel ? saved : { channel, count: 0 }, progress);
    }
    // Fewer conversations than asked for: the page had no more.
    await db.page.update({ where: { id: pageId }, data: { importState: "done", importDone: progress.done, importTotal: progress.done } });
    await redis().del(cursorKey(pageId));
    return { conversations: progress.done, messages: progress.messages };
  } catch (error) {
    await db.page.updateMany({ where: { id: pageId }, data: { importError: (error as Error).message.slice(0, 500) } });
    throw error;
  }
}

/** One channel's conversations, from `start`, up to IMPORT_CONVERSATIONS. */
async function importChannel(page: ImportPage, channel: Channel, start: Cursor, progress: { done: number; messages: number }): Promise<void> {
  const { IMPORT_CONVERSATIONS: total, IMPORT_MESSAGES_PER_CONVERSATION: perConversation } = env();
  let { after, count } = start;
  while (count < total) {
    const batch = await fetchConversationsPage(page.facebookPageId, page.token, { platform: channel, limit: Math.min(BATCH, total - count), messagesPerConversation: perConversation, after });
    const conversations = Array.isArray(batch.data) ? batch.data : [];
    for (const conversation of conversations.slice(0, total - count)) {
      progress.messages += await importConversation(page, channel, conversation, perConversation);
      count++;
      progress.done++;
    }
    await db.page.update({ where: { id: page.id }, data: { importDone: progress.done } });
    if (typeof batch.after !== "string" || !batch.after || batch.after.length > 2000 || conversations.length === 0) break;
    after = batch.after;
    await saveCursor(page.id, { channel, after, count });
  }
  // This channel is in: a retry starts after it.
  await saveCursor(page.id, { channel, count: total });
}

/** Marks the import failed for good (the job's last attempt), so the screens stop saying "Importing…". */
export async function failPageHistoryImport(pageId: string, message: string): Promise<void> {
  await db.page.updateMany({ where: { id: pageId, importState: "running" }, data: { importState: "failed", importError: message.slice(0, 500) } });
}

async function importConversation(page: ImportPage, channel: Channel, conversation: GraphConversation, perConversation: number): Promise<number> {
  // On Instagram the business speaks as its Instagram account (as in the webhook's echoes).
  const businessId = channel === "instagram" ? page.instagramId! : page.facebookPageId;
  const kept = importedConversation(conversation, businessId, perConversation);
  if (!kept) return 0;
  const { psid } = kept;
  const customer = await createOrFind(
    () => db.customer.create({ data: { pageId: page.id, channel, psid, name: kept.name || fallbackCustomerName(psid) } }),
    () => db.customer.findUnique({ where: { pageId_channel_psid: { pageId: page.id, channel, psid } } }),
  );
  const thread = await findOrCreateConversation(page.id, customer.id, channel);
  const rows = kept.messages.map((m) => ({
    conversationId: thread.id,
    mid: m.mid,
    direction: m.inbound ? ("inbound" as const) : ("outbound" as const),
    senderId: m.inbound ? psid : businessId,
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
async function findOrCreateConversation(pageId: string, customerId: string, channel: Channel) {
  const existing = await db.conversation.findUnique({ where: { customerId } });
  if (existing) return existing;
  return createOrFind(
    () => db.conversation.create({ data: { pageId, customerId, channel, lastMessageAt: new Date(0) } }),
    () => db.conversation.findUnique({ where: { customerId } }),
  );
}
