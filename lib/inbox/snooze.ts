import type { ConversationStatus } from "@/lib/contract/inbox-api";

// Snooze choices and status words of the inbox (docs/PRODUCT.md §11). Times are the agent's own clock.

export type SnoozeChoice = { label: string; until: (now: Date) => Date | null };

function at(day: Date, hour: number): Date {
  const d = new Date(day);
  d.setHours(hour, 0, 0, 0);
  return d;
}

export const SNOOZE_CHOICES: readonly SnoozeChoice[] = [
  { label: "For 1 hour", until: (now) => new Date(now.getTime() + 3_600_000) },
  { label: "Until tomorrow, 9:00", until: (now) => at(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1), 9) },
  {
    label: "Until Monday, 9:00",
    until: (now) => at(new Date(now.getFullYear(), now.getMonth(), now.getDate() + (((8 - now.getDay()) % 7) || 7)), 9),
  },
  { label: "Until the customer writes", until: () => null },
];

export const STATUS_LABELS: Record<ConversationStatus, string> = { open: "Open", done: "Done", snoozed: "Snoozed" };

/** "Snoozed until Mon 09:00", or until the customer writes. */
export function snoozeLine(until: string | null): string {
  if (!until) return "Snoozed until the customer writes";
  const d = new Date(until);
  return `Snoozed until ${d.toLocaleString("en-US", { weekday: "short", hour: "2-digit", minute: "2-digit", hour12: false })}`;
}
