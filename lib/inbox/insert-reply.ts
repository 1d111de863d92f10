// The saved-reply suggestion rule of PRODUCT §5 Messages: which replies to suggest for the composer's text,
// and what choosing one inserts.

export const BULLET = "•";

/** The text a chosen reply puts in the composer: its message, or only what follows its first bullet, trimmed. */
export function replyInsertText(message: string): string {
  const at = message.indexOf(BULLET);
  return at === -1 ? message : message.slice(at + BULLET.length).trim();
}

/** Replies whose title (shortcut) contains the trimmed text, case-insensitively; none for blank text. */
export function matchReplies<T extends { shortcut: string }>(replies: readonly T[], text: string): T[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  return replies.filter((reply) => reply.shortcut.toLowerCase().includes(needle));
}

/** The popover's search: shortcut or message contains the trimmed query, case-insensitively; all for blank. */
export function searchReplies<T extends { shortcut: string; message: string }>(replies: readonly T[], query: string): T[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...replies];
  return replies.filter((reply) => reply.shortcut.toLowerCase().includes(needle) || reply.message.toLowerCase().includes(needle));
}
