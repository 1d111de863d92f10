"use client";

import { Button } from "@/components/ui/button";
import { CalendarClockIcon } from "@/components/ui/icons";
import { ALL_DATES, isToday, todayRange, type DateRange } from "@/lib/offers/date-range";

const DATE_INPUT =
  "block h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs focus:border-indigo-500 focus:ring-4 focus:ring-indigo-500/15 focus:outline-none sm:text-sm";

/** PRODUCT §2: the date range filter with a 'Today' shortcut (and Clear for all dates). */
export function DateRangeFilter({ value, onChange }: { value: DateRange; onChange: (range: DateRange) => void }) {
  const today = isToday(value);
  const filtered = Boolean(value.from || value.to);
  return (
    <fieldset className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <legend className="sr-only">Date range</legend>
      <div className="grid min-w-0 grid-cols-2 gap-3 sm:w-80">
        <label className="min-w-0 text-sm font-medium text-slate-700">
          From
          <input type="date" value={value.from} max={value.to || undefined} onChange={(e) => onChange({ ...value, from: e.target.value })} className={`mt-1.5 ${DATE_INPUT}`} />
        </label>
        <label className="min-w-0 text-sm font-medium text-slate-700">
          To
          <input type="date" value={value.to} min={value.from || undefined} onChange={(e) => onChange({ ...value, to: e.target.value })} className={`mt-1.5 ${DATE_INPUT}`} />
        </label>
      </div>
      <div className="flex gap-2">
        <Button variant={today ? "primary" : "secondary"} aria-pressed={today} onClick={() => onChange(todayRange())} className="flex-1 sm:flex-none">
          <CalendarClockIcon className="size-4" />
          Today
        </Button>
        <Button variant="ghost" disabled={!filtered} onClick={() => onChange(ALL_DATES)} className="flex-1 sm:flex-none">
          Clear
        </Button>
      </div>
    </fieldset>
  );
}
