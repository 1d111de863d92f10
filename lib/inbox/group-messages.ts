import { dateSeparatorLabel, dayKey } from "@/lib/inbox/date-label";
import { formatTime12 } from "@/lib/inbox/time";
import type { UiMessage } from "@/lib/inbox/ui-message";

// PRODUCT §3 UI message group: a date, then sender groups. Consecutive messages from the same sender within
// the same minute share a group. A system line (opt-in, handover…: kind "system") is a group of its own,
// shown as a quiet centered line, and never joins or splits a sender's bubbles by being merged into them.

export type SenderGroup = {
  key: string;
  sender: "me" | "other";
  senderName: string;
  /** Minutes since the epoch of the group's first message. */
  timestampMinutes: number;
  /** A customer's system event (its one message), not a bubble. */
  system?: boolean;
  /** "09:05 PM" */
  time: string;
  messages: UiMessage[];
};

export type DateGroup = { key: string; date: string; senderGroups: SenderGroup[] };

// A message's local day, kept per message object (the thread keeps its objects between renders): every older
// page of a long thread groups all its messages again, and the dates were most of that work.
const dayOf = new WeakMap<UiMessage, { timestamp: number; day: string }>();
function messageDay(message: UiMessage): string {
  const cached = dayOf.get(message);
  if (cached && cached.timestamp === message.timestamp) return cached.day;
  const day = dayKey(new Date(message.timestamp));
  dayOf.set(message, { timestamp: message.timestamp, day });
  return day;
}

/** `messages` oldest first. */
export function groupMessages(messages: UiMessage[], now: Date = new Date()): DateGroup[] {
  const groups: DateGroup[] = [];
  for (const message of messages) {
    const key = messageDay(message);
    let day = groups.at(-1);
    if (!day || day.key !== key) {
      day = { key, date: dateSeparatorLabel(new Date(message.timestamp), now), senderGroups: [] };
      groups.push(day);
    }
    const minute = Math.floor(message.timestamp / 60_000);
    const current = day.senderGroups.at(-1);
    const system = message.kind === "system";
    if (!system && current && !current.system && current.sender === message.sender && current.senderName === message.senderName && current.timestampMinutes === minute) {
      current.messages.push(message);
    } else {
      day.senderGroups.push({
        key: message.clientId ?? message.id,
        sender: message.sender,
        senderName: message.senderName,
        timestampMinutes: minute,
        time: formatTime12(message.timestamp),
        messages: [message],
        ...(system ? { system: true } : {}),
      });
    }
  }
  return groups;
}
