// Admin date formats (PRODUCT §9): en-US; the whitelist shows month short, day, year, hour and minute; the
// violation log shows the time first, then the date. Missing or invalid dates read 'N/A'. `timeZone` is for
// tests; screens use the browser's.

const LOCALE = "en-US";
export const NO_DATE = "N/A";

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function format(value: string | number | Date | null | undefined, options: Intl.DateTimeFormatOptions, timeZone?: string): string {
  const date = toDate(value);
  return date ? new Intl.DateTimeFormat(LOCALE, { ...options, timeZone }).format(date) : NO_DATE;
}

/** 'Jan 5, 2026' — the Created and joined columns. */
export function formatDate(value: string | number | Date | null | undefined, timeZone?: string): string {
  return format(value, { month: "short", day: "numeric", year: "numeric" }, timeZone);
}

/** 'Jan 5, 2026, 3:04 PM' — the whitelist's Created At. */
export function formatDateTime(value: string | number | Date | null | undefined, timeZone?: string): string {
  return format(value, { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" }, timeZone);
}

/** '3:04 PM' */
export function formatTime(value: string | number | Date | null | undefined, timeZone?: string): string {
  return format(value, { hour: "numeric", minute: "2-digit" }, timeZone);
}

/** '3:04:05 PM' — the dashboard's 'Last updated'. */
export function formatTimeWithSeconds(value: string | number | Date | null | undefined, timeZone?: string): string {
  return format(value, { hour: "numeric", minute: "2-digit", second: "2-digit" }, timeZone);
}

/** The violation log's Timestamp: time first, then the date ('3:04 PM' over 'Jan 5, 2026'). */
export function formatTimeThenDate(value: string | number | Date | null | undefined, timeZone?: string): { time: string; date: string } {
  if (!toDate(value)) return { time: NO_DATE, date: "" };
  return { time: formatTime(value, timeZone), date: formatDate(value, timeZone) };
}
