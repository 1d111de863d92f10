"use client";

import { useAuth } from "@/components/auth/auth-provider";
import { can } from "@/lib/access/permissions";
import { cn } from "@/lib/cn";
import { toast } from "@/lib/toast";
import { errorMessage } from "@/lib/api/client";
import { relativeTime } from "@/lib/format/relative-time";
import { saveFairQueue, useQueue } from "@/lib/hooks/use-fair-queue";
import { QUEUE_COUNT_CAP } from "@/lib/contract/queue-api";
import type { ConversationListItem } from "@/lib/inbox/types";

type Props = { pageId: string; selectedId: string | null; onOpen: (item: ConversationListItem) => void };

/**
 * The Unassigned queue (docs/PRODUCT.md §13.4): who waits on this page, in the order the fair queue hands
 * them out, with their place and how long ago they arrived. Admins turn the page's fair queue on and off here.
 */
export function QueueList({ pageId, selectedId, onOpen }: Props) {
  const { user } = useAuth();
  const queue = useQueue(pageId);
  const view = queue.data;
  const manager = can(user?.role, "inbox.settings");

  async function toggle(fairQueue: boolean) {
    try {
      await queue.mutate(saveFairQueue(pageId, fairQueue), { optimisticData: view && { ...view, fairQueue }, rollbackOnError: true });
    } catch (error) {
      toast.error(errorMessage(error, "Failed to save the setting, please try again"));
    }
  }

  return (
    <section aria-labelledby="queue-heading" className="min-h-0 flex-1 overflow-y-auto">
      <div className="border-b border-slate-100 px-3 py-2.5">
        <h3 id="queue-heading" className="text-sm font-semibold text-slate-900">
          Unassigned queue{view && <span className="ml-1.5 font-normal text-slate-600">{view.total >= QUEUE_COUNT_CAP ? `${QUEUE_COUNT_CAP}+` : view.total} waiting</span>}
        </h3>
        <p className="mt-0.5 text-xs text-slate-600">
          {view?.fairQueue ? "Handed out oldest first to the least-busy available agent." : "The fair queue is off on this page: nobody is assigned automatically."}
        </p>
        {manager && view && (
          <label className="mt-2 flex items-center gap-2 text-xs font-medium text-slate-700">
            <input type="checkbox" checked={view.fairQueue} onChange={(e) => void toggle(e.target.checked)} className="size-4 accent-indigo-600" />
            Fair queue on this page
          </label>
        )}
      </div>
      {queue.error && !view && <p role="alert" className="px-3 py-6 text-center text-sm text-red-700">Failed to load the queue</p>}
      {!view && !queue.error && <p className="px-3 py-6 text-center text-sm text-slate-500">Loading queue...</p>}
      {view && view.data.length === 0 && <p className="px-3 py-6 text-center text-sm text-slate-500">Nobody is waiting</p>}
      {view && view.data.length > 0 && (
        <ol aria-label="Waiting conversations" className="divide-y divide-slate-100">
          {view.data.map((entry) => (
            <li key={entry.conversation.id}>
              <button
                type="button"
                onClick={() => onOpen(entry.conversation)}
                aria-current={entry.conversation.id === selectedId ? "true" : undefined}
                className={cn("flex w-full items-center gap-3 px-3 py-2.5 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600", entry.conversation.id === selectedId && "bg-indigo-50")}
              >
                <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700 tabular-nums" aria-label={`Position ${entry.position}`}>
                  {entry.position}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-slate-900">{entry.conversation.from_name}</span>
                  <span className="block truncate text-xs text-slate-600">{entry.conversation.last_message}</span>
                </span>
                <span className="shrink-0 text-xs text-slate-600">
                  <span className="sr-only">Arrived </span>
                  {relativeTime(entry.arrived_at)}
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
