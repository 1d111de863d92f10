"use client";

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { useVirtualizer, type VirtualItem } from "@tanstack/react-virtual";
import { threadRows, type ThreadRow } from "@/lib/inbox/thread-rows";
import type { UiMessage } from "@/lib/inbox/ui-message";
import { SpinnerIcon } from "@/components/ui/spinner";
import { MessageGroup } from "@/components/inbox/thread/message-group";

type Props = {
  messages: UiMessage[];
  isLoading: boolean;
  error: Error | undefined;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: () => void;
  /** Retry under a reply that failed. */
  onResend?: (message: UiMessage) => void;
  customerAvatar: string | null;
};

const NEAR_TOP_PX = 80;
const NEAR_BOTTOM_PX = 120;

/**
 * The scrollable thread (PRODUCT §2): date separators, sender groups, older pages when scrolled to the top
 * (keeping the reading position), and new messages followed while the agent is at the bottom.
 */
export function MessageList({ messages, isLoading, error, hasOlder, loadingOlder, onLoadOlder, onRetry, onResend, customerAvatar }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => threadRows(messages), [messages]);
  // Only the rows in view (and a few either side) are in the DOM: a 10 000-message thread costs what a short
  // one does. Each row is measured once drawn (bubbles vary); sizes are kept by row key, so prepending
  // older pages keeps them.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => estimateRow(rows[index]),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 6,
    // A scroll's re-render runs as its own task after the scroll event, not inside it (flushSync): at a 4×
    // CPU throttle the two together were one long task per jump through a long thread (docs/PERFORMANCE.md).
    useFlushSync: false,
  });
  const atBottom = useRef(true);
  // The row the agent was reading when older messages were asked for, and how far above it the view began.
  const restore = useRef<{ key: VirtualItem["key"]; offset: number } | null>(null);
  const first = messages[0];
  const last = messages.at(-1);
  const firstKey = first ? (first.clientId ?? first.id) : null;
  const lastKey = last ? (last.clientId ?? last.id) : null;

  const toBottom = useCallback(() => {
    const el = scrollRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  // Older messages were prepended: keep what the agent was reading in place. The row's new position comes
  // from the virtualiser (measured sizes by key, estimates for the new rows, which it corrects as they are
  // drawn above the view).
  useLayoutEffect(() => {
    const el = scrollRef.current;
    const saved = restore.current;
    if (!el || !saved) return;
    restore.current = null;
    virtualizer.getVirtualItems(); // brings the measurements up to date with this render's rows
    const index = indexOfKey(virtualizer.options, saved.key);
    if (index >= 0) el.scrollTop = virtualizer.measurementsCache[index]!.start + saved.offset;
  }, [firstKey, virtualizer]);

  // A failed or empty older page must not block the next attempt.
  useEffect(() => {
    if (!loadingOlder) restore.current = null;
  }, [loadingOlder]);

  // New messages at the bottom: follow them when the agent is at the bottom or wrote them.
  useLayoutEffect(() => {
    if (!lastKey) return;
    if (atBottom.current || last?.sender === "me") toBottom();
  }, [lastKey, last?.sender, toBottom]);

  function onScroll() {
    const el = scrollRef.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (el.scrollTop < NEAR_TOP_PX && hasOlder && !loadingOlder && !restore.current) {
      // The first sender group in view, never a date separator: older messages of the same day go in below
      // the day's separator, so it moves up with them and restoring it would show the oldest page instead.
      const items = virtualizer.getVirtualItems();
      const top = items.find((item) => item.end > el.scrollTop && rows[item.index]?.kind === "group") ?? items[0];
      restore.current = top ? { key: top.key, offset: el.scrollTop - top.start } : null;
      onLoadOlder();
    }
  }

  // Images load after layout and the composer grows (staged images, suggestions): stay at the bottom when
  // that is where the agent is.
  const onMediaLoad = useCallback(() => {
    if (atBottom.current) toBottom();
  }, [toBottom]);
  const contentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = scrollRef.current;
    const content = contentRef.current;
    if (!el || !content) return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current && !restore.current) toBottom();
    });
    observer.observe(el);
    observer.observe(content);
    return () => observer.disconnect();
  }, [toBottom]);

  return (
    <div ref={scrollRef} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 sm:px-5" data-testid="message-scroller" data-messages={messages.length}>
      {loadingOlder && (
        <p className="flex items-center justify-center gap-2 pb-3 text-xs text-slate-500">
          <SpinnerIcon className="size-3.5" /> Loading older messages...
        </p>
      )}
      {!messages.length && isLoading && (
        <p className="flex h-full items-center justify-center gap-2 text-sm text-slate-500">
          <SpinnerIcon /> Loading conversation...
        </p>
      )}
      {!messages.length && !isLoading && error && (
        <div role="alert" className="flex h-full flex-col items-center justify-center gap-2 text-sm text-slate-600">
          Failed to load messages
          <button type="button" onClick={onRetry} className="font-medium text-indigo-600 hover:underline">
            Try again
          </button>
        </div>
      )}
      {!messages.length && !isLoading && !error && <p className="flex h-full items-center justify-center text-sm text-slate-500">No messages yet</p>}
      <div ref={contentRef} className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          return (
            <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} className="absolute inset-x-0 top-0 pb-3" style={{ transform: `translateY(${item.start}px)` }}>
              {row.kind === "day" ? <DaySeparator date={row.date} /> : <MessageGroup group={row.group} customerAvatar={customerAvatar} onMediaLoad={onMediaLoad} onResend={onResend} />}
            </div>
          );
        })}
      </div>
    </div>
  );
}

function DaySeparator({ date }: { date: string }) {
  return (
    <div className="flex items-center gap-3 pt-1" role="separator" aria-label={date}>
      <span className="h-px flex-1 bg-slate-200" />
      <span className="rounded-full bg-slate-200/70 px-3 py-0.5 text-[11px] font-medium text-slate-600">{date}</span>
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}

/**
 * The row with this key. Not measurementsCache.find: the cache is a lazy view that builds an item object for
 * every row it is asked about, so a find would build one per row of a long thread on every older page.
 */
function indexOfKey(options: { count: number; getItemKey: (index: number) => VirtualItem["key"] }, key: VirtualItem["key"]): number {
  for (let i = 0; i < options.count; i++) if (options.getItemKey(i) === key) return i;
  return -1;
}

/** A first guess of a row's height before it is drawn and measured: a name line and ~44 px per bubble. */
function estimateRow(row: ThreadRow | undefined): number {
  if (!row) return 60;
  if (row.kind === "day") return 36;
  return row.group.system ? 28 : 32 + 44 * row.group.messages.length;
}
