"use client";

import { ChevronDownIcon } from "@/components/ui/icons";
import { pageWindow } from "@/lib/admin/pagination";
import { cn } from "@/lib/cn";

const BUTTON =
  "inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-medium transition-colors " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:pointer-events-none disabled:opacity-40";

/**
 * Page buttons (PRODUCT §4): previous, the first page, current ±2, the last page, ellipses over gaps, next.
 * Hidden when there is only one page (PRODUCT §2: the pager shows only with more than one page).
 */
export function Pager({ page, pages, onChange, label = "Pagination" }: { page: number; pages: number; onChange(page: number): void; label?: string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1">
      <button type="button" className={cn(BUTTON, "text-slate-600 hover:bg-slate-100")} disabled={page <= 1} onClick={() => onChange(page - 1)} aria-label="Previous page">
        <ChevronDownIcon className="size-4 rotate-90" />
      </button>
      {pageWindow(page, pages).map((item) =>
        typeof item === "number" ? (
          <button
            key={item}
            type="button"
            aria-label={`Page ${item}`}
            aria-current={item === page ? "page" : undefined}
            onClick={() => onChange(item)}
            className={cn(BUTTON, item === page ? "bg-indigo-600 text-white shadow-sm" : "text-slate-700 hover:bg-slate-100")}
          >
            {item}
          </button>
        ) : (
          <span key={item} aria-hidden="true" className="inline-flex h-9 min-w-6 items-center justify-center text-slate-400">
            …
          </span>
        ),
      )}
      <button type="button" className={cn(BUTTON, "text-slate-600 hover:bg-slate-100")} disabled={page >= pages} onClick={() => onChange(page + 1)} aria-label="Next page">
        <ChevronDownIcon className="size-4 -rotate-90" />
      </button>
    </nav>
  );
}
