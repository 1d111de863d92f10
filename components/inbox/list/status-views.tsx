import { cn } from "@/lib/cn";
import { CONVERSATION_STATUSES, type ConversationStatus } from "@/lib/contract/inbox-api";
import { STATUS_LABELS } from "@/lib/inbox/snooze";
import type { ListView } from "@/lib/inbox/filters";

type Props = {
  status: ListView | undefined;
  /** The page's count per view (GET /api/pages/me); absent while loading. */
  counts: Record<ConversationStatus, number> | undefined;
  onStatus: (status: ListView | undefined) => void;
};

const VIEW =
  "flex h-7 flex-1 items-center justify-center gap-1.5 rounded-md text-[13px] font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600";

/**
 * Open, Snoozed and Done (docs/PRODUCT.md §11), beside the spec's All / Important / Spam, and "Breaching soon"
 * (docs/PRODUCT.md §13.3): one at a time, a second click (or All) shows every status again. Each status shows its count.
 */
export function StatusViews({ status, counts, onStatus }: Props) {
  const views: ListView[] = [...CONVERSATION_STATUSES, "due"];
  return (
    // "Breaching soon" takes a line of its own: beside three counted views it does not fit the list's width.
    <div role="group" aria-label="Conversation status" className="flex flex-wrap rounded-lg bg-slate-100 p-0.5">
      {views.map((s) => (
        <button
          key={s}
          type="button"
          aria-pressed={status === s}
          onClick={() => onStatus(status === s ? undefined : s)}
          className={cn(VIEW, s === "due" && "basis-full", status === s ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900")}
        >
          {s === "due" ? "Breaching soon" : STATUS_LABELS[s]}
          {counts && s !== "due" && <span className="text-xs text-slate-500 tabular-nums">{counts[s]}</span>}
        </button>
      ))}
    </div>
  );
}
