import { dateSeparatorLabel } from "@/lib/inbox/date-label";

// Clock texts of the inbox: 12-hour row times and the messaging-window countdown.

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** "09:05 PM": the row time, 12-hour with a zero-padded hour, in local time. Invalid input gives "". */
export function formatTime12(value: Date | string | number): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return "";
  const hours = date.getHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const minutes = String(date.getMinutes()).padStart(2, "0");
  return `${String(hour12).padStart(2, "0")}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
}

/**
 * A list row's time: "09:05 PM" today, else the day as the thread's date separators name it ("Yesterday",
 * "Mon, Nov 17", "Mon, Nov 17, 2025"), so a days-old conversation does not look like today's.
 */
export function formatRowTime(value: Date | string | number, now: Date = new Date()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return "";
  const day = dateSeparatorLabel(date, now);
  return day === "Today" ? formatTime12(date) : day;
}

/** "3d 4h", "5h 12m", "7m", "less than a minute": the largest two units of a duration. */
export function formatDuration(ms: number): string {
  if (ms < 60_000) return "less than a minute";
  const totalMinutes = Math.floor(ms / 60_000);
  const days = Math.floor(totalMinutes / 1440);
  const hours = Math.floor((totalMinutes % 1440) / 60);
  const minutes = totalMinutes % 60;
  if (days > 0) return hours > 0 ? `${days}d ${hours}h` : `${days}d`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  return `${minutes}m`;
}

/**
 * An appointment's time in the booking's own time zone: "Sat, Feb 15, 9:00 AM – 10:00 AM (America/Los_Angeles)".
 * A time zone the browser does not know falls back to the agent's own, unnamed. Invalid start gives "".
 */
export function formatBookingTime(start: string | null, end: string | null, timeZone: string | null): string {
  const from = start ? new Date(start) : null;
  if (!from || Number.isNaN(from.getTime())) return "";
  const to = end ? new Date(end) : null;
  const format = (zone: string | undefined) => {
    const day = new Intl.DateTimeFormat("en-US", { timeZone: zone, weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
    const time = new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", minute: "2-digit" });
    const range = to && !Number.isNaN(to.getTime()) ? `${day.format(from)} – ${time.format(to)}` : day.format(from);
    return zone ? `${range} (${zone})` : range;
  };
  try {
    return format(timeZone ?? undefined);
  } catch {
    return format(undefined);
  }
}
