"use client";

import { useCallback, useEffect, useState, type RefObject } from "react";

/**
 * Fixed-height list virtualisation (docs/PERFORMANCE.md: long lists virtualised): which rows of `count` intersect the
 * scroll container's viewport, plus `overscan` rows either side.
 */
export function useVirtualRows(scrollRef: RefObject<HTMLElement | null>, count: number, rowHeight: number, overscan = 6) {
  const [view, setView] = useState({ top: 0, height: 800 });

  const measure = useCallback(() => {
    const el = scrollRef.current;
    if (el) setView((v) => (v.top === el.scrollTop && v.height === el.clientHeight ? v : { top: el.scrollTop, height: el.clientHeight }));
  }, [scrollRef]);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    measure();
    el.addEventListener("scroll", measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      el.removeEventListener("scroll", measure);
      observer.disconnect();
    };
  }, [scrollRef, measure]);

  const start = Math.max(0, Math.floor(view.top / rowHeight) - overscan);
  const end = Math.min(count, Math.ceil((view.top + view.height) / rowHeight) + overscan);
  return { start, end, totalHeight: count * rowHeight };
}
