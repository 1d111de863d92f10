import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import type { TCreateSheetEntry } from "@/lib/schemas/sheets";
import { findVisibleConversation } from "@/server/access/conversations";
import { sheetEntrySelect, toApiSheetEntry } from "@/server/services/sheets/serialize";

/**
 * POST /api/sheets/create: book a deposit/redeem for the conversation's person. Page and customer names
 * are read from the conversation, never taken from the body, and the author is the actor; names are
 * copied onto the row so the ledger keeps reading right after a rename or deletion.
 */
export async function createSheetEntry(actor: Actor, input: TCreateSheetEntry) {
  const conversation = await findVisibleConversation(actor, input.conversationId, input.pageId);
  const row = await db.sheetEntry.create({
    data: {
      companyId: conversation.page.companyId,
      pageId: conversation.pageId,
      pageName: conversation.page.name,
      customerName: conversation.customer.name,
      deposit: input.deposit.toFixed(2),
      redeem: input.redeem.toFixed(2),
      authorId: actor.id,
      authorName: actor.name,
    },
    select: sheetEntrySelect,
  });
  return { success: true as const, entry: toApiSheetEntry(row) };
}
