import { groupMessages, type SenderGroup } from "@/lib/inbox/group-messages";
import type { UiMessage } from "@/lib/inbox/ui-message";

// The thread as one flat run of rows for the virtualised list: each day's separator, then its sender groups.

export type ThreadRow = { kind: "day"; key: string; date: string } | { kind: "group"; key: string; group: SenderGroup };

/** `messages` oldest first. */
export function threadRows(messages: UiMessage[], now: Date = new Date()): ThreadRow[] {
  const rows: ThreadRow[] = [];
  for (const day of groupMessages(messages, now)) {
    rows.push({ kind: "day", key: `day:${day.key}`, date: day.date });
    for (const group of day.senderGroups) rows.push({ kind: "group", key: group.key, group });
  }
  return rows;
}
