import { REPLY_COUNTER_LIMIT, SHORTCUT_MIN_LENGTH, SHORTCUT_TOO_SHORT, type ApiSavedReply } from "@/lib/schemas/replies";

// The saved-reply form's rules (PRODUCT §5 Saved reply) and the popover's texts (PRODUCT §2, §8).

export { SHORTCUT_TOO_SHORT };

export const REPLY_TEXTS = {
  saved: "Reply saved successfully",
  updated: "Reply updated successfully",
  deleted: "Saved reply deleted successfully",
  saveFailed: "Failed to save reply, Please try again",
  updateFailed: "Failed to update reply, Please try again",
  deleteFailed: "Failed to delete, Please try again",
  emptyTitle: "No saved replies found",
  emptyHint: "Try adjusting your search or create a new reply",
  loading: "Loading replies...",
  loadFailed: "Failed to load saved replies",
} as const;

/** The message counter: 'n / 1000' (shown, not enforced). */
export function replyCounter(message: string): string {
  return `${message.length} / ${REPLY_COUNTER_LIMIT}`;
}

export function shortcutValid(shortcut: string): boolean {
  return shortcut.trim().length >= SHORTCUT_MIN_LENGTH;
}

/** Save/Update is enabled once the shortcut has 3+ characters and the message is non-blank, both trimmed. */
export function canSaveReply(shortcut: string, message: string): boolean {
  return shortcutValid(shortcut) && message.trim().length > 0;
}

/** PRODUCT §3: a saved reply is identified by _id or id. */
export function replyId(reply: Pick<ApiSavedReply, "_id" | "id">): string {
  return reply._id || reply.id;
}
