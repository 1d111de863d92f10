"use client";

import type { ReactNode } from "react";
import { LazyCommentsView } from "@/components/inbox/lazy-panes";
import type { ConversationListItem } from "@/lib/contract/inbox-api";
import type { ClientSocket } from "@/lib/contract/socket-events";
import { CommentTeamworkProvider } from "@/components/inbox/comments/comment-teamwork-provider";

/** The inbox's main area in the Comments view: the view switch where the list's header would be, then the posts. */
export function CommentsMain({ pageId, viewSwitch, onOpenConversation, socket = null }: { pageId: string; viewSwitch: ReactNode; onOpenConversation: (item: ConversationListItem) => void; socket?: ClientSocket | null }) {
  return (
    <main className="flex min-h-0 flex-1 flex-col">
      <div className="shrink-0 border-b border-slate-200 bg-white p-3">
        <div className="md:w-74">{viewSwitch}</div>
      </div>
      {/* The team's layer on each comment: typing under it (the inbox's socket), labels, notes (issue 42 point 3). */}
      <CommentTeamworkProvider key={pageId} pageId={pageId} socket={socket}>
        <LazyCommentsView key={pageId} pageId={pageId} onOpenConversation={onOpenConversation} />
      </CommentTeamworkProvider>
    </main>
  );
}
