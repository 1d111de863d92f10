import { db } from "@/server/db";

// Customers, conversations and messages written straight to the database for API tests.

let seq = 0;

export async function makeConversation(
  pageId: string,
  options: { name?: string; psid?: string; channel?: "messenger" | "instagram"; lastMessage?: string; at?: Date; unread?: number; important?: boolean; spam?: boolean; lastInboundAt?: Date | null; tags?: string[] } = {},
) {
  seq++;
  const at = options.at ?? new Date(Date.now() - seq * 1000);
  const customer = await db.customer.create({ data: { pageId, channel: options.channel, psid: options.psid ?? String(9_000_000_000_000_000 + seq * 7919 + Math.floor(Math.random() * 1000)), name: options.name ?? `Customer ${seq}` } });
  const conversation = await db.conversation.create({
    data: {
      pageId,
      customerId: customer.id,
      channel: options.channel,
      lastMessageText: options.lastMessage ?? `Hello ${seq}`,
      lastMessageAt: at,
      lastInboundAt: options.lastInboundAt === undefined ? at : options.lastInboundAt,
      unreadCount: options.unread ?? 0,
      isImportant: options.important ?? false,
      isSpam: options.spam ?? false,
      // As the migration left conversations that already had messages: their episode began (docs/PRODUCT.md §11).
      episodeAt: at,
    },
  });
  for (const tag of options.tags ?? []) {
    await db.customerTag.create({ data: { pageId, customerId: customer.id, conversationId: conversation.id, name: tag } });
  }
  return { customer, conversation };
}

export async function makeMessages(conversationId: string, senderId: string, count: number, start = new Date(Date.now() - count * 60_000)) {
  const data = Array.from({ length: count }, (_, i) => ({
    conversationId,
    mid: `m_test_${conversationId.slice(0, 8)}_${seq}_${i}_${Math.random().toString(36).slice(2)}`,
    direction: "inbound" as const,
    senderId,
    text: `message ${i + 1}`,
    sendStatus: "received" as const,
    createdTime: new Date(start.getTime() + i * 60_000),
  }));
  await db.message.createMany({ data });
  return data;
}
