import { cn } from "@/lib/cn";
import type { OwnerFilter } from "@/lib/inbox/filters";
import { SpamIcon, StarIcon } from "@/components/inbox/inbox-icons";

type Props = {
  important: boolean;
  spam: boolean;
  owner: OwnerFilter;
  onAll: () => void;
  onToggleImportant: () => void;
  onToggleSpam: () => void;
  onOwner: (owner: OwnerFilter) => void;
};

/**
 * All, Important and Spam (PRODUCT §4): Important and Spam toggle independently; All clears the filters.
 * Beside them, ownership (beyond the spec): Mine, Unassigned and the Unassigned queue (docs/PRODUCT.md §13.4),
 * one at a time; All clears it too.
 */
export function FilterButtons({ important, spam, owner, onAll, onToggleImportant, onToggleSpam, onOwner }: Props) {
  const base = "inline-flex h-8 items-center gap-1.5 rounded-full px-3 text-sm font-medium ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600";
  const on = "bg-indigo-600 text-white ring-indigo-600";
  const off = "bg-white text-slate-600 ring-slate-200 hover:bg-slate-50";
  return (
    <div role="group" aria-label="Filter conversations" className="flex flex-wrap gap-1.5">
      <button type="button" aria-pressed={!important && !spam && owner === "all"} onClick={onAll} className={cn(base, !important && !spam && owner === "all" ? on : off)}>
        All
      </button>
      <button type="button" aria-pressed={important} onClick={onToggleImportant} className={cn(base, important ? "bg-amber-500 text-white ring-amber-500" : off)}>
        <StarIcon className="size-3.5" />
        Important
      </button>
      <button type="button" aria-pressed={spam} onClick={onToggleSpam} className={cn(base, spam ? "bg-red-600 text-white ring-red-600" : off)}>
        <SpamIcon className="size-3.5" />
        Spam
      </button>
      <button type="button" aria-pressed={owner === "mine"} onClick={() => onOwner(owner === "mine" ? "all" : "mine")} className={cn(base, owner === "mine" ? "bg-sky-600 text-white ring-sky-600" : off)}>
        Mine
      </button>
      <button type="button" aria-pressed={owner === "unassigned"} onClick={() => onOwner(owner === "unassigned" ? "all" : "unassigned")} className={cn(base, owner === "unassigned" ? "bg-sky-600 text-white ring-sky-600" : off)}>
        Unassigned
      </button>
      <button type="button" aria-pressed={owner === "queue"} onClick={() => onOwner(owner === "queue" ? "all" : "queue")} className={cn(base, owner === "queue" ? "bg-sky-600 text-white ring-sky-600" : off)}>
        Queue
      </button>
    </div>
  );
}
