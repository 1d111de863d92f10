"use client";

import { formatDuration } from "@/lib/format/durations";
import { useResponseHeadline } from "@/lib/hooks/use-reports";

/** Relative wait: "3h 05m" since the oldest unanswered customer message. */
function waitedFor(since: string | null, now = Date.now()): string {
  return since ? formatDuration((now - Date.parse(since)) / 1000) : "Nobody waiting";
}

/** One figure: its label, the value, and a note under it. */
export function FigureCard({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div role="group" aria-label={label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <p aria-hidden="true" className="text-sm font-medium text-slate-500">
        {label}
      </p>
      <p className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">{value}</p>
      {note && <p className="mt-0.5 text-xs text-slate-500">{note}</p>}
    </div>
  );
}

/**
 * The response headline (docs/PRODUCT.md §11): median first response today against the 7 days before, open
 * and unassigned now, and the longest wait right now. On the company dashboard and the Reports screen.
 */
export function HeadlineCards({ pageId }: { pageId: string | null }) {
  const { data } = useResponseHeadline(pageId, true);
  return (
    <section aria-label="Response right now" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <FigureCard
        label="First response today"
        value={data ? formatDuration(data.firstResponseToday) : "…"}
        note={data ? `Last 7 days: ${formatDuration(data.firstResponseLast7Days)} (median)` : undefined}
      />
      <FigureCard label="Open now" value={data ? data.openNow.toLocaleString("en-US") : "…"} />
      <FigureCard label="Unassigned now" value={data ? data.unassignedNow.toLocaleString("en-US") : "…"} />
      <FigureCard label="Longest wait now" value={data ? waitedFor(data.longestWaitSince) : "…"} />
    </section>
  );
}
