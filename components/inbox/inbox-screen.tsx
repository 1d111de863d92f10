import { InboxEmptyState } from "@/components/inbox/inbox-empty-state";
import { InboxHeader } from "@/components/inbox/inbox-header";

/** The /chats frame: header and the centre pane. The page tabs and panels come in a later issue. */
export function InboxScreen() {
  return (
    <div className="flex h-dvh flex-col bg-slate-50">
      <InboxHeader />
      <main className="min-h-0 flex-1 overflow-y-auto">
        <InboxEmptyState />
      </main>
    </div>
  );
}
