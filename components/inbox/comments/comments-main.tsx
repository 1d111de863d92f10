"use client";

import type { ReactNode } from "react";
import { LazyCommentsView } from "@/components/inbox/lazy-panes";
import type { ConversationListItem } from "@/lib/contract/inbox-api";

/** The inbox's main area in the Comments view: the view switch where the list's header would be, then the posts. */
export function CommentsMain({ pageId, viewSwitch, onOpenConversation }: { pageId: string; viewSwitch: ReactNode; onOpenConversation: (item: ConversationListItem) => void }) {
  return (
    <main className="flex min-h-0 flex-1 flex-col">
      <div className="shrink-0 border-b border-slate-200 bg-white p-3">
        <div className="md:w-74">{viewSwitch}</div>
      </div>
      <LazyCommentsView key={pageId} pageId={pageId} onOpenConversation={onOpenConversation} />
    </main>
  );
}
