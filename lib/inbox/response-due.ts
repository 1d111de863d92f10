import type { ResponseTargets } from "@/lib/contract/inbox-api";

// Response targets in the browser and the list's SQL alike (docs/PRODUCT.md §13.3): how much of the target is
// left decides the colour, and the same fraction bounds the "Breaching soon" view.

/** Amber once less than this share of the target is left (a 60-minute target: the last 15 minutes). */
export const WARN_FRACTION = 0.25;

export type DueState = { tone: "ok" | "warn" | "over"; text: string };

function span(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 && hours < 10 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

/**
 * "12 min left" / "Overdue 5 min" and its tone for a due time, `now` in ms. The time left is the wall clock's
 * (the due moment already skips the hours outside business hours); the tone compares it with the target.
 */
export function dueState(dueAt: string, targetMinutes: number | null | undefined, now: number): DueState {
  const leftMs = Date.parse(dueAt) - now;
  if (leftMs <= 0) return { tone: "over", text: `Overdue ${span(Math.max(1, Math.floor(-leftMs / 60_000)))}` };
  const left = Math.ceil(leftMs / 60_000);
  const warn = targetMinutes != null && leftMs < targetMinutes * WARN_FRACTION * 60_000;
  return { tone: warn ? "warn" : "ok", text: `${span(left)} left` };
}

/** The target minutes a conversation's awaited reply is measured against. */
export function targetOf(targets: ResponseTargets | undefined, which: "first" | "next" | null | undefined): number | null {
  if (!targets || !which) return null;
  return targets[which];
}
