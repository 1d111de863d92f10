"use client";

import { useAuth } from "@/components/auth/auth-provider";
import { can } from "@/lib/access/permissions";
import { LabelsPanel } from "@/components/inbox/panel/labels-panel";
import { NotesPanel } from "@/components/inbox/panel/notes-panel";
import { SheetEntryButton } from "@/components/inbox/panel/sheet-entry-button";
import type { ConversationListItem } from "@/lib/inbox/types";

/**
 * The inbox's right panel (PRODUCT §2): Labels, 'Add Sheet Entry' (for the roles POST /api/sheets/create admits: "sheets.book") and Notes for the open
 * conversation (RightPanelHint stands in without one). Each conversation gets fresh panel state.
 */
export function RightPanel({ pageId, conversation }: { pageId: string; conversation: ConversationListItem }) {
  const { user } = useAuth();

  return (
    <section aria-label="Conversation details" className="flex h-full min-h-0 flex-col divide-y divide-slate-200 overflow-y-auto">
      <div className="p-4">
        <LabelsPanel key={conversation.id} pageId={pageId || conversation.page_id} conversation={conversation} />
      </div>
      {can(user?.role, "sheets.book") && (
        <div className="p-4">
          <SheetEntryButton key={conversation.id} conversation={conversation} />
        </div>
      )}
      <div className="p-4">
        <NotesPanel key={conversation.id} pageId={conversation.page_id} conversationId={conversation.id} />
      </div>
    </section>
  );
}
