import type { ReactNode } from "react";

// One label/value pair of a <dl>. The profile, the user's summary card and view dialog and the offer cards
// all show facts this way; they differ only in look, so the look is a named layout and the markup is one.

const LAYOUTS = {
  /** A full-width row, label beside the value from sm up (the profile card). */
  row: {
    item: "grid gap-1 px-5 py-3.5 sm:grid-cols-3 sm:gap-4 sm:px-6",
    label: "text-sm font-medium text-slate-500",
    value: "min-w-0 text-sm text-slate-900 sm:col-span-2",
  },
  /** Label left, value right on one line (the user view dialog). */
  inline: {
    item: "flex items-center justify-between gap-4 px-4 py-2.5 text-sm",
    label: "text-slate-500",
    value: "min-w-0 text-right break-words text-slate-900",
  },
  /** A white tile in a grid with an uppercase caption (the user summary card). */
  tile: {
    item: "bg-white px-5 py-3.5 sm:px-6",
    label: "text-xs font-medium tracking-wide text-slate-500 uppercase",
    value: "mt-1 min-w-0 text-sm text-slate-900",
  },
  /** A small caption over the value (the offer cards). */
  fact: {
    item: "min-w-0",
    label: "text-xs text-slate-500",
    value: "mt-0.5 text-sm break-words text-slate-800",
  },
} as const;

export type DetailLayout = keyof typeof LAYOUTS;

export function Detail({ layout, label, value }: { layout: DetailLayout; label: string; value: ReactNode }) {
  const look = LAYOUTS[layout];
  return (
    <div className={look.item}>
      <dt className={look.label}>{label}</dt>
      <dd className={look.value}>{value}</dd>
    </div>
  );
}
