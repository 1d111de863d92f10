import { forwardRef } from "react";
import { cn } from "@/lib/cn";
import type { InboxPage } from "@/lib/inbox/types";
import type { PageAvatar } from "@/lib/inbox/initials";

type Props = {
  page: InboxPage;
  avatar: PageAvatar;
  selected: boolean;
  /** The strip's one tab stop (the others are reached with the arrow keys). */
  focusable: boolean;
  onSelect: (id: string) => void;
  count: number;
};

/** One page tab: initials avatar (distinct per page, lib/inbox/initials.ts), truncated name, conversation count and unread count (PRODUCT §2). */
export const PageTab = forwardRef<HTMLButtonElement, Props>(function PageTab({ page, avatar, selected, focusable, onSelect, count }, ref) {
  // Unread conversations and the customers' comments nobody has seen yet (docs/PRODUCT.md §12).
  const unread = page.unreadCount + (page.commentUnreadCount ?? 0);
  return (
    <button
      ref={ref}
      type="button"
      role="tab"
      aria-selected={selected}
      tabIndex={focusable ? 0 : -1}
      title={page.name}
      onClick={() => onSelect(page.id)}
      className={cn(
        "relative flex h-10 shrink-0 items-center gap-2 rounded-lg border px-2 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600",
        selected ? "border-indigo-200 bg-indigo-50 text-indigo-900" : "border-transparent text-slate-600 hover:bg-slate-100",
      )}
    >
      <span
        aria-hidden="true"
        data-testid="page-avatar"
        className={cn("flex size-6 shrink-0 items-center justify-center rounded-md text-[10px] font-semibold", avatar.color, selected && "ring-2 ring-indigo-600 ring-offset-1")}
      >
        {avatar.initials}
      </span>
      <span className="max-w-[7.5rem] truncate font-medium">{page.name}</span>
      <span className="rounded-full bg-slate-100 px-1.5 text-xs text-slate-600 tabular-nums" title="Conversations">
        <span className="sr-only">, conversations: </span>
        {count}
      </span>
      {unread > 0 && (
        <span className="rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white tabular-nums">
          <span className="sr-only">, unread: </span>
          {unread}
        </span>
      )}
    </button>
  );
});
