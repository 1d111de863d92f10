// The inbox's keyboard shortcuts (beyond the spec): one table for the handler and the '?' sheet.

export type ShortcutAction = "next" | "previous" | "open" | "reply" | "savedReplies" | "assignMe" | "done" | "important" | "help";

export const SHORTCUTS: readonly { keys: string[]; action: ShortcutAction; label: string }[] = [
  { keys: ["j"], action: "next", label: "Next conversation" },
  { keys: ["k"], action: "previous", label: "Previous conversation" },
  { keys: ["Enter"], action: "open", label: "Open the highlighted conversation" },
  { keys: ["r"], action: "reply", label: "Reply (focus the message box)" },
  { keys: ["/"], action: "savedReplies", label: "Saved replies (search when no conversation is open)" },
  { keys: ["a"], action: "assignMe", label: "Assign to me" },
  { keys: ["e"], action: "done", label: "Mark done (reopen a done or snoozed one)" },
  { keys: ["s"], action: "important", label: "Mark important (star)" },
  { keys: ["?"], action: "help", label: "Show these shortcuts" },
];

/** Esc and Alt+↑/↓ are listed in the sheet too, though handled elsewhere (Radix, the list). */
export const OTHER_KEYS: readonly { keys: string[]; label: string }[] = [
  { keys: ["Esc"], label: "Close a dialog or menu" },
  { keys: ["Alt", "↑/↓"], label: "Open the previous / next conversation" },
];

/** Typing in a field (or a contenteditable) never triggers a shortcut. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as HTMLElement).tagName !== "string") return false;
  const el = target as HTMLElement;
  const tag = el.tagName;
  return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || el.isContentEditable;
}

/** The action of a key press, or null (modifiers other than Shift, unknown keys). */
export function shortcutFor(event: { key: string; altKey: boolean; ctrlKey: boolean; metaKey: boolean }): ShortcutAction | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  return SHORTCUTS.find((s) => s.keys[0] === event.key)?.action ?? null;
}

/** The next cursor position in the list: from the cursor (or the open row), clamped to the list. */
export function stepCursor(ids: readonly string[], from: string | null, direction: 1 | -1): string | null {
  if (!ids.length) return null;
  const index = from ? ids.indexOf(from) : -1;
  if (index < 0) return direction === 1 ? ids[0]! : ids[ids.length - 1]!;
  return ids[Math.min(ids.length - 1, Math.max(0, index + direction))]!;
}
