import { forwardRef } from "react";
import { cn } from "@/lib/cn";
import type { InboxPage } from "@/lib/inbox/types";

type Props = { page: InboxPage; selected: boolean; onSelect: (id: string) => void };

/** One page tab: initial-letter avatar, truncated name, conversation count and unread count (SPEC §2). */
export const PageTab = forwardRef<HTMLButtonElement, Props>(function PageTab({ page, selected, onSelect }, ref) {
  const initial = Array.from(page.name.trim())[0]?.toLocaleUpperCase("en-US") ?? "?";
  return (
    <button
      ref={ref}
      type="button"
      role="tab"
      aria-selected={selected}
      title={page.name}
      onClick={() => onSelect(page.id)}
      className={cn(
        "relative flex h-10 shrink-0 items-center gap-2 rounded-lg border px-2 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600",
        selected ? "border-indigo-200 bg-indigo-50 text-indigo-900" : "border-transparent text-slate-600 hover:bg-slate-100",
      )}
    >
      <span aria-hidden="true" className={cn("flex size-6 items-center justify-center rounded-md text-xs font-semibold", selected ? "bg-indigo-600 text-white" : "bg-slate-200 text-slate-700")}>
        {initial}
      </span>
      <span className="max-w-[7.5rem] truncate font-medium">{page.name}</span>
      <span className="rounded-full bg-slate-100 px-1.5 text-xs text-slate-600 tabular-nums" title="Conversations">
        <span className="sr-only">, conversations: </span>
        {page.conversationCount}
      </span>
      {page.unreadCount > 0 && (
        <span className="rounded-full bg-red-500 px-1.5 text-xs font-semibold text-white tabular-nums">
          <span className="sr-only">, unread: </span>
          {page.unreadCount}
        </span>
      )}
    </button>
  );
});
