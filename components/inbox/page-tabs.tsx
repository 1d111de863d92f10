"use client";

import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { cn } from "@/lib/cn";
import { PAGE_STRIP_ARROWS_ABOVE, PAGE_STRIP_SCROLL_RESET_MS, PAGE_STRIP_SCROLL_STEP, SCROLL_INTO_VIEW_DELAY_MS } from "@/lib/inbox/constants";
import type { InboxPage } from "@/lib/inbox/types";
import type { ListView } from "@/lib/inbox/filters";
import { pageAvatars } from "@/lib/inbox/initials";
import { ChevronLeftIcon, ChevronRightIcon } from "@/components/inbox/inbox-icons";
import { PageTab } from "@/components/inbox/page-tab";

type Props = {
  pages: InboxPage[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  loading?: boolean;
  /** The list's status view: each tab counts that view's conversations (docs/PRODUCT.md §11). */
  view?: ListView;
};

/**
 * The page tab strip (PRODUCT §2): a horizontally scrolling row; arrows only with more than 4 pages, each click
 * scrolling 60 % of the strip; the selected tab is scrolled into view after 100 ms.
 */
export function PageTabs({ pages, selectedId, onSelect, loading, view }: Props) {
  const stripRef = useRef<HTMLDivElement>(null);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const [edges, setEdges] = useState({ start: true, end: true });
  const [scrolling, setScrolling] = useState(false);
  const resetTimer = useRef<number | undefined>(undefined);
  const showArrows = pages.length > PAGE_STRIP_ARROWS_ABOVE;
  const avatars = useMemo(() => pageAvatars(pages), [pages]);

  const measure = useCallback(() => {
    const el = stripRef.current;
    if (!el) return;
    setEdges({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  }, []);

  useEffect(() => {
    measure();
    const el = stripRef.current;
    if (!el) return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure, pages.length]);

  useEffect(() => {
    if (!selectedId) return;
    const timer = window.setTimeout(() => tabRefs.current.get(selectedId)?.scrollIntoView({ behavior: "smooth", block: "nearest", inline: "nearest" }), SCROLL_INTO_VIEW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [selectedId]);

  useEffect(() => () => window.clearTimeout(resetTimer.current), []);

  function onScroll() {
    measure();
    setScrolling(true);
    window.clearTimeout(resetTimer.current);
    resetTimer.current = window.setTimeout(() => setScrolling(false), PAGE_STRIP_SCROLL_RESET_MS);
  }

  // The tab pattern: one tab stop (the selected tab); ←/→, Home and End move focus along the strip, and
  // Enter or Space opens the focused page (a page switch clears the list, so focus alone does not switch).
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const ids = pages.map((p) => p.id);
    const current = ids.findIndex((id) => tabRefs.current.get(id) === document.activeElement);
    if (current < 0) return;
    const last = ids.length - 1;
    const next = { ArrowRight: Math.min(last, current + 1), ArrowLeft: Math.max(0, current - 1), Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    tabRefs.current.get(ids[next]!)?.focus();
  }

  function scrollBy(direction: -1 | 1) {
    const el = stripRef.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * PAGE_STRIP_SCROLL_STEP, behavior: "smooth" });
  }

  if (loading && !pages.length) {
    return (
      <div className="flex min-w-0 gap-2" aria-hidden="true">
        {[0, 1].map((i) => (
          <span key={i} className="h-10 w-32 animate-pulse rounded-lg bg-slate-100" />
        ))}
      </div>
    );
  }

  return (
    <div className="flex min-w-0 items-center gap-1">
      {showArrows && (
        <button type="button" aria-label="Scroll pages left" disabled={edges.start} onClick={() => scrollBy(-1)} className="flex size-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 disabled:opacity-30">
          <ChevronLeftIcon className="size-4" />
        </button>
      )}
      <div
        ref={stripRef}
        role="tablist"
        aria-label="Pages"
        onScroll={onScroll}
        onKeyDown={onKeyDown}
        className={cn("relative flex min-w-0 flex-1 gap-1.5 overflow-x-auto py-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden", scrolling && "cursor-grabbing")}
      >
        {pages.map((page) => (
          <PageTab
            key={page.id}
            ref={(el) => {
              if (el) tabRefs.current.set(page.id, el);
              else tabRefs.current.delete(page.id);
            }}
            page={page}
            avatar={avatars.get(page.id)!}
            selected={page.id === selectedId}
            focusable={page.id === selectedId || (!selectedId && page === pages[0])}
            onSelect={onSelect}
            count={view && view !== "due" ? page.statusCounts[view] : page.conversationCount}
          />
        ))}
      </div>
      {showArrows && (
        <button type="button" aria-label="Scroll pages right" disabled={edges.end} onClick={() => scrollBy(1)} className="flex size-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 disabled:opacity-30">
          <ChevronRightIcon className="size-4" />
        </button>
      )}
    </div>
  );
}
