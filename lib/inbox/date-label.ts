// Date separators of the thread (PRODUCT §2): Today, Yesterday, else "Mon, Nov 17" (en-US), with the year
// when it is not the current year ("Mon, Nov 17, 2025").

/** Local calendar day as "2026-11-17": the key that groups messages under one separator. */
export function dayKey(date: Date): string {
  const m = String(date.getMonth() + 1).padStart(2, "0");
  const d = String(date.getDate()).padStart(2, "0");
  return `${date.getFullYear()}-${m}-${d}`;
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

export function dateSeparatorLabel(date: Date, now: Date = new Date()): string {
  if (sameDay(date, now)) return "Today";
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (sameDay(date, yesterday)) return "Yesterday";
  return calendarLabel(date, date.getFullYear() !== now.getFullYear());
}

// toLocaleDateString builds a formatter on every call: a long thread's every older page labels all its days
// again (hundreds), so the labels are kept by day. Bounded: a year of days, then it starts over.
const labels = new Map<string, string>();
function calendarLabel(date: Date, withYear: boolean): string {
  const key = `${dayKey(date)}:${withYear ? "y" : ""}`;
  let label = labels.get(key);
  if (label === undefined) {
    if (labels.size >= 366) labels.clear();
    label = date.toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric", ...(withYear ? { year: "numeric" } : {}) });
    labels.set(key, label);
  }
  return label;
}
