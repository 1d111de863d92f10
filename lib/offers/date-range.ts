// The scheduled-offers date filter: two <input type="date"> values (YYYY-MM-DD, the user's local days)
// turned into GET /api/offers?from=&to= as ISO instants covering whole local days.

export type DateRange = { from: string; to: string };

export const ALL_DATES: DateRange = { from: "", to: "" };

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD value as a local calendar day, or null when it is not one. */
export function parseDay(value: string): { y: number; m: number; d: number } | null {
  const match = DAY_PATTERN.exec(value);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(y, m - 1, d);
  if (date.getFullYear() !== y || date.getMonth() !== m - 1 || date.getDate() !== d) return null;
  return { y, m, d };
}

/** The local day of `date` as YYYY-MM-DD (what a date input holds). */
export function toDayValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The 'Today' shortcut: from and to are both today. */
export function todayRange(now: Date = new Date()): DateRange {
  const today = toDayValue(now);
  return { from: today, to: today };
}

export function isToday(range: DateRange, now: Date = new Date()): boolean {
  const today = toDayValue(now);
  return range.from === today && range.to === today;
}

/**
 * The query for a range: `from` is the start of its local day, `to` the last millisecond of its local day.
 * Missing or invalid ends are left out (open range); reversed ends are swapped.
 */
export function dateRangeQuery(range: DateRange): { from?: string; to?: string } {
  let from = parseDay(range.from);
  let to = parseDay(range.to);
  if (from && to && new Date(from.y, from.m - 1, from.d) > new Date(to.y, to.m - 1, to.d)) [from, to] = [to, from];
  const query: { from?: string; to?: string } = {};
  if (from) query.from = new Date(from.y, from.m - 1, from.d, 0, 0, 0, 0).toISOString();
  if (to) query.to = new Date(to.y, to.m - 1, to.d, 23, 59, 59, 999).toISOString();
  return query;
}

/** A short description of the range for empty states and the filter summary. */
export function describeRange(range: DateRange, now: Date = new Date()): string {
  if (isToday(range, now)) return "today";
  const from = parseDay(range.from);
  const to = parseDay(range.to);
  const fmt = (p: { y: number; m: number; d: number }) =>
    new Date(p.y, p.m - 1, p.d).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
  if (from && to) return `${fmt(from)} – ${fmt(to)}`;
  if (from) return `since ${fmt(from)}`;
  if (to) return `until ${fmt(to)}`;
  return "all dates";
}

/** "Nov 19, 2026, 3:30 PM" — the created-at column. */
export function formatCreatedAt(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "N/A";
  return date.toLocaleString("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });
}

/** The created-at column on two lines: "Nov 19, 2026" and "3:30 PM". */
export function splitCreatedAt(value: string): { date: string; time: string } {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return { date: "N/A", time: "" };
  return {
    date: date.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" }),
    time: date.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" }),
  };
}
