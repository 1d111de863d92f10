"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { CONVERSATION_PAGE_SIZE, LOAD_MORE_THRESHOLD_PX, SCROLL_THROTTLE_MS, TEXTS } from "@/lib/inbox/constants";
import { toConversationUi, type ConversationUi } from "@/lib/inbox/conversation-ui";
import type { ConversationListItem } from "@/lib/inbox/types";
import { useVirtualRows } from "@/lib/hooks/use-virtual-rows";
import { Button } from "@/components/ui/button";
import { SpinnerIcon } from "@/components/ui/spinner";
import { ConversationRow, ROW_HEIGHT } from "@/components/inbox/list/conversation-row";

/** What the list shows, as the inbox's conversations hook hands it over. */
export type ListState = {
  conversations: ConversationListItem[];
  isLoading: boolean;
  error: Error | undefined;
  emptyText: string;
  hasNextPage: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** The keyboard cursor (j/k): highlighted and kept in view. */
  cursorId?: string | null;
};

type Props = ListState & {
  selectedId: string | null;
  search: string;
  onRetry: () => void;
  onOpen: (id: string) => void;
  /** Bulk selection (docs/PRODUCT.md §11): a checkbox over each avatar. */
  selection?: ListSelection;
};

export type ListSelection = { ids: ReadonlySet<string>; onToggle: (id: string) => void };

// A row's view model, kept per list item (the SWR data keeps its objects between renders) for the day it
// was made ("09:05 PM" today is "Yesterday" tomorrow): scrolling re-renders the list, and the memoised rows
// then skip their render unless their conversation or selection changed.
const rowCache = new WeakMap<ConversationListItem, { row: ConversationUi; day: string }>();
function rowUi(item: ConversationListItem, selectedId: string | null): ConversationUi {
  const day = new Date().toDateString();
  const cached = rowCache.get(item);
  if (cached && cached.day === day && cached.row.isSelected === (item.id === selectedId)) return cached.row;
  const row = toConversationUi(item, selectedId);
  rowCache.set(item, { row, day });
  return row;
}

/**
 * The virtualised, infinitely scrolling conversation list (PRODUCT §4, §9): the next page loads within 150 px of
 * the bottom, checked at most every 200 ms; 'No more conversations to load' at the end.
 */
export function ConversationList(props: Props) {
  const { conversations, selectedId, search, isLoading, error, emptyText, hasNextPage, loadingMore, onLoadMore, onRetry, onOpen, cursorId = null, selection } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  // Only the rows in view (and a few either side) are in the DOM, whatever the number loaded. Rows have one
  // height, so a few lines do it here; @tanstack/react-virtual (the thread's) would add ~10 KB of gzip
  // JavaScript to the first load (docs/PERFORMANCE.md).
  const { start, end, totalHeight } = useVirtualRows(scrollRef, conversations.length, ROW_HEIGHT);
  const rows = conversations.slice(start, end).map((c) => rowUi(c, selectedId));

  // Throttled bottom check; the latest props are read through a ref so the listener stays put.
  const latest = useRef({ hasNextPage, loadingMore, onLoadMore });
  useEffect(() => {
    latest.current = { hasNextPage, loadingMore, onLoadMore };
  });
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    let last = 0;
    let trailing: number | undefined;
    const check = () => {
      last = Date.now();
      const { hasNextPage: more, loadingMore: busy, onLoadMore: load } = latest.current;
      if (more && !busy && el.scrollHeight - el.scrollTop - el.clientHeight <= LOAD_MORE_THRESHOLD_PX) load();
    };
    const onScroll = () => {
      const wait = SCROLL_THROTTLE_MS - (Date.now() - last);
      window.clearTimeout(trailing);
      if (wait <= 0) check();
      else trailing = window.setTimeout(check, wait);
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      el.removeEventListener("scroll", onScroll);
      window.clearTimeout(trailing);
    };
  }, []);

  // The keyboard cursor stays in view.
  const cursorIndex = cursorId ? conversations.findIndex((c) => c.id === cursorId) : -1;
  useEffect(() => {
    const el = scrollRef.current;
    if (!el || cursorIndex < 0) return;
    const top = cursorIndex * ROW_HEIGHT;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + ROW_HEIGHT > el.scrollTop + el.clientHeight) el.scrollTop = top + ROW_HEIGHT - el.clientHeight;
  }, [cursorIndex]);

  // A short first page that does not fill the panel cannot be scrolled: load on.
  useEffect(() => {
    const el = scrollRef.current;
    if (el && hasNextPage && !loadingMore && el.scrollHeight <= el.clientHeight + LOAD_MORE_THRESHOLD_PX) onLoadMore();
  }, [conversations.length, hasNextPage, loadingMore, onLoadMore]);

  let status: ReactNode = null;
  if (error && !conversations.length) {
    status = (
      <div role="alert" className="px-6 py-10 text-center">
        <p className="text-sm font-medium text-slate-900">{TEXTS.loadFailed}</p>
        <p className="mt-1 text-xs text-slate-500">{error.message}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
          {TEXTS.tryAgain}
        </Button>
      </div>
    );
  } else if (isLoading && !conversations.length) {
    status = (
      <ul aria-label="Loading conversations" className="divide-y divide-slate-100">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className="flex gap-3 px-3 py-3">
            <span className="size-10 animate-pulse rounded-full bg-slate-100" />
            <span className="flex flex-1 flex-col gap-2 pt-1">
              <span className="h-3 w-2/5 animate-pulse rounded bg-slate-100" />
              <span className="h-3 w-4/5 animate-pulse rounded bg-slate-100" />
            </span>
          </li>
        ))}
      </ul>
    );
  } else if (!conversations.length) {
    status = <p className="px-6 py-12 text-center text-sm text-slate-500">{emptyText}</p>;
  }

  return (
    <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto overscroll-contain" data-testid="conversation-scroller">
      {status ?? (
        <>
          <ul aria-label="Conversations" className="relative" style={{ height: totalHeight }}>
            {rows.map((row, i) => (
              <li key={row.id} aria-setsize={conversations.length} aria-posinset={start + i + 1} className="group absolute inset-x-0" style={{ top: (start + i) * ROW_HEIGHT, height: ROW_HEIGHT }}>
                <ConversationRow row={row} search={search} onOpen={onOpen} cursor={row.id === cursorId} />
                {selection && <SelectBox id={row.id} name={row.name} selection={selection} />}
              </li>
            ))}
          </ul>
          <div className="flex h-12 items-center justify-center text-xs text-slate-400">
            {loadingMore ? (
              <span className="flex items-center gap-2">
                <SpinnerIcon className="size-3.5" /> Loading more...
              </span>
            ) : !hasNextPage && conversations.length >= CONVERSATION_PAGE_SIZE ? (
              TEXTS.noMore
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}

/** Shown on hover or focus, and on every row once something is selected. */
function SelectBox({ id, name, selection }: { id: string; name: string; selection: ListSelection }) {
  const checked = selection.ids.has(id);
  return (
    <label
      className={cn(
        "absolute top-1/2 left-[15px] flex size-10 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-white/90 ring-1 ring-slate-200 transition-opacity focus-within:opacity-100 group-hover:opacity-100",
        checked || selection.ids.size > 0 ? "opacity-100" : "opacity-0",
      )}
    >
      <input type="checkbox" checked={checked} onChange={() => selection.onToggle(id)} aria-label={`Select ${name}`} className="size-4 accent-indigo-600" />
    </label>
  );
}
