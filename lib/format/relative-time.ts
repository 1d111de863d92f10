// "a few seconds ago", "a minute ago", "5 minutes ago", "an hour ago", "3 hours ago", "a day ago", "4 days ago"
// — the notes panel's relative time (PRODUCT §2 Notes panel). Whole units, rounded down; no months or years.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function unit(count: number, singular: string, plural: string, article: "a" | "an"): string {
  return count === 1 ? `${article} ${singular} ago` : `${count} ${plural} ago`;
}

/** The time since `value` in words; a future or invalid time reads as 'a few seconds ago'. */
export function relativeTime(value: Date | string | number, now: Date | number = Date.now()): string {
  const then = value instanceof Date ? value.getTime() : new Date(value).getTime();
  const elapsed = (typeof now === "number" ? now : now.getTime()) - then;
  if (!Number.isFinite(elapsed) || elapsed < MINUTE) return "a few seconds ago";
  if (elapsed < HOUR) return unit(Math.floor(elapsed / MINUTE), "minute", "minutes", "a");
  if (elapsed < DAY) return unit(Math.floor(elapsed / HOUR), "hour", "hours", "an");
  return unit(Math.floor(elapsed / DAY), "day", "days", "a");
}
