import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import type { TAssignTags } from "@/lib/schemas/labels";
import { findVisibleConversation } from "@/server/access/conversations";
import { checkSender, publishTags } from "@/server/services/labels/conversation-tags";

/**
 * POST /api/page-labels/assign: put tags on the conversation's person. A tag named like one of the
 * page's labels is linked to it (and takes its colour), so deleting the label takes it off everyone.
 * Idempotent: a tag the person already has is left as it is.
 */
export async function assignTags(actor: Actor, input: TAssignTags) {
  const conversation = await findVisibleConversation(actor, input.conversationId, input.pageId);
  checkSender(conversation, input.senderId);

  const wanted = new Map(input.tags.map((t) => [t.tag, t.color])); // names arrive lowercased; last colour wins
  const labels = await db.label.findMany({
    where: { pageId: conversation.pageId, name: { in: [...wanted.keys()], mode: "insensitive" } },
    select: { id: true, name: true, color: true },
  });
  const labelOf = new Map(labels.map((l) => [l.name.toLowerCase(), l]));

  // skipDuplicates on (customer, name) keeps concurrent or repeated assigns from failing or changing anything.
  const { count } = await db.customerTag.createMany({
    data: [...wanted].map(([name, color]) => {
      const label = labelOf.get(name);
      return { pageId: conversation.pageId, customerId: conversation.customerId, conversationId: conversation.id, name, color: label?.color ?? color, labelId: label?.id ?? null };
    }),
    skipDuplicates: true,
  });
  return publishTags(conversation.id, count > 0);
}
