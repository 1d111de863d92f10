import type { UiMessage } from "@/lib/inbox/ui-message";

// Collision detection texts and the composer's warning rule (beyond the spec).

type Named = { name: string; typing: boolean };

/** "Ann is viewing", "Ann and Tom are viewing", "Ann, Tom and 2 others are viewing"; "" for nobody. */
export function viewingText(viewers: readonly Named[]): string {
  const names = viewers.map((v) => v.name);
  if (!names.length) return "";
  if (names.length === 1) return `${names[0]} is viewing`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are viewing`;
  return `${names[0]}, ${names[1]} and ${names.length - 2} other${names.length > 3 ? "s" : ""} are viewing`;
}

/** "Tom is typing…", "Tom and Ann are typing…"; "" when nobody types. */
export function typingText(viewers: readonly Named[]): string {
  const names = viewers.filter((v) => v.typing).map((v) => v.name);
  if (!names.length) return "";
  if (names.length === 1) return `${names[0]} is typing…`;
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)} are typing…`;
}

export const COLLISION_WINDOW_MS = 30_000;

/**
 * The reply another agent sent while this agent was writing: outbound, not theirs (by name: messages carry
 * the author's name), settled (no optimistic id), at or after they started typing and within the last 30 s.
 */
export function replyByOther(messages: readonly UiMessage[], myName: string, typingSince: number | null, now: number): UiMessage | null {
  if (typingSince === null) return null;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (now - m.timestamp > COLLISION_WINDOW_MS) break;
    if (m.sender === "me" && !m.clientId && m.senderName !== myName && m.timestamp >= typingSince) return m;
  }
  return null;
}
