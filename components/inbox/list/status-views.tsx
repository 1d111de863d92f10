import { cn } from "@/lib/cn";
import { CONVERSATION_STATUSES, type ConversationStatus } from "@/lib/contract/inbox-api";
import { STATUS_LABELS } from "@/lib/inbox/snooze";
import type { ListView } from "@/lib/inbox/filters";
import { PressedGroup } from "@/components/ui/pressed-group";

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
    <PressedGroup
      label="Conversation status"
      options={views}
      pressed={status}
      onPress={(s) => onStatus(status === s ? undefined : s)}
      className="flex flex-wrap rounded-lg bg-slate-100 p-0.5"
      buttonClassName={(s, on) => cn(VIEW, s === "due" && "basis-full", on ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900")}
    >
      {(s) => (
        <>
          {s === "due" ? "Breaching soon" : STATUS_LABELS[s]}
          {counts && s !== "due" && <span className="text-xs text-slate-500 tabular-nums">{counts[s]}</span>}
        </>
      )}
    </PressedGroup>
  );
}
