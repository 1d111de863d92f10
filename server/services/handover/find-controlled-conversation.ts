import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { isUuid } from "@/lib/ids";
import { pageIdWhere, visiblePagesWhere } from "@/server/access/pages";
import { pageHandoverSelect, threadControlSelect } from "@/server/services/handover/thread-control";

// What the thread-control use cases need of a conversation the actor may see: its control row, the
// customer's PSID, and the page's handover state and token. 404 for anything out of the actor's reach.

export async function findControlledConversation(actor: Actor, conversationId: string, pageId?: string) {
  if (!isUuid(conversationId)) throw new AppError("not_found", "Conversation not found");
  const row = await db.conversation.findFirst({
    where: { id: conversationId, page: { AND: [visiblePagesWhere(actor), ...(pageId ? [pageIdWhere(pageId)] : [])] } },
    select: {
      ...threadControlSelect,
      threadOwnerCheckedAt: true,
      customer: { select: { psid: true } },
      page: { select: { ...pageHandoverSelect, id: true, name: true, facebookPageId: true, accessTokenEnc: true, tokenStatus: true } },
    },
  });
  if (!row) throw new AppError("not_found", "Conversation not found");
  return row;
}

export type ControlledConversation = Awaited<ReturnType<typeof findControlledConversation>>;
