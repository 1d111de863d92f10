"use client";

import { useCallback, useEffect, useState, type RefObject } from "react";

/**
 * Fixed-height list virtualisation (docs/PERFORMANCE.md: long lists virtualised): which rows of `count` intersect the
 * scroll container's viewport, plus `overscan` rows either side.
 */
export function useVirtualRows(scrollRef: RefObject<HTMLElement | null>, count: number, rowHeight: number, overscan = 6) {
  // The rows the viewport touches, not its pixel offset: a scroll within a row changes nothing, so the list
  // re-renders only when a row enters or leaves (every scroll event did before).
  const [view, setView] = useState({ first: 0, last: Math.ceil(800 / rowHeight) });

  const measure = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const first = Math.floor(el.scrollTop / rowHeight);
    const last = Math.ceil((el.scrollTop + el.clientHeight) / rowHeight);
    setView((v) => (v.first === first && v.last === last ? v : { first, last }));
  }, [scrollRef, rowHeight]);

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

  const start = Math.max(0, view.first - overscan);
  const end = Math.min(count, view.last + overscan);
  return { start, end, totalHeight: count * rowHeight };
}
