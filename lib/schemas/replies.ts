import { z } from "zod";
import { replyVariablesProblem } from "@/lib/inbox/reply-variables";

// Saved replies (PRODUCT §2 Saved replies popover, §5 Saved reply, §7 Saved replies, §9): shared by the
// popover's create/edit form and the /api/replies handlers.

export const SHORTCUT_MIN_LENGTH = 3;
export const SHORTCUT_MAX_LENGTH = 100;
/** What the form's counter shows ('n / 1000'); the spec saw no enforcement of it. */
export const REPLY_COUNTER_LIMIT = 1000;
/** The server's own cap: above the counter so nothing the spec allows is refused, low enough to stop abuse. */
export const REPLY_MESSAGE_MAX_LENGTH = 5000;

export const SHORTCUT_TOO_SHORT = "Shortcuts must be at least three characters.";
export const SHORTCUT_TOO_LONG = `Shortcuts must be at most ${SHORTCUT_MAX_LENGTH} characters.`;
export const REPLY_MESSAGE_REQUIRED = "Message is required";
export const REPLY_MESSAGE_TOO_LONG = `Message must be at most ${REPLY_MESSAGE_MAX_LENGTH} characters`;

export const ZShortcut = z.string({ error: SHORTCUT_TOO_SHORT }).trim().min(SHORTCUT_MIN_LENGTH, SHORTCUT_TOO_SHORT).max(SHORTCUT_MAX_LENGTH, SHORTCUT_TOO_LONG);
// Variables and blanks (PRODUCT §13.2): an unknown variable or a malformed {{ }} is refused when the reply is
// saved, so it never reaches a customer as raw braces.
export const ZReplyMessage = z
  .string({ error: REPLY_MESSAGE_REQUIRED })
  .trim()
  .min(1, REPLY_MESSAGE_REQUIRED)
  .max(REPLY_MESSAGE_MAX_LENGTH, REPLY_MESSAGE_TOO_LONG)
  .superRefine((message, ctx) => {
    const problem = replyVariablesProblem(message);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

// POST /api/replies and PUT /api/replies/{id}
export const ZSavedReply = z.object({
  shortcut: ZShortcut,
  message: ZReplyMessage,
  page_id: z.string({ error: "page_id is required" }).trim().min(1, "page_id is required").max(100, "page_id is too long"),
});
export type TSavedReply = z.infer<typeof ZSavedReply>;

/** A saved reply as the API returns it (`_id` and `id` both, as PRODUCT §3 says clients read either). */
export type ApiSavedReply = { _id: string; id: string; shortcut: string; message: string; page_id: string; created_at: string };
