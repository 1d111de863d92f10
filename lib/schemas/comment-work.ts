import { z } from "zod";
import { CONVERSATION_STATUSES } from "@/lib/contract/inbox-api";

// The team's work on customers' comments (issue 42 point 3, docs/PRODUCT.md §12): assign, done / snooze /
// reopen, read. The words are the conversations' (lib/schemas/conversations.ts), so the agent reads one language.

/** At most this many comments marked read in one call (the view shows 20 posts of up to 200 comments; it sends them in chunks). */
export const MARK_READ_MAX = 200;

const id = (name: string) => z.string({ error: `${name} is required` }).trim().min(1, `${name} is required`).max(100);

/** POST /api/comments/{id}/assign: `assigneeId` null unassigns. */
export const ZAssignComment = z.object({
  assigneeId: z.string({ error: "assigneeId must be a user id or null" }).trim().max(100).nullable(),
});
export type TAssignComment = z.infer<typeof ZAssignComment>;

/**
 * POST /api/comments/{id}/status. Unlike a conversation, a comment is never woken by its customer (each comment
 * is its own item, a new one is a new item): a snooze always has its time.
 */
export const ZCommentStatus = z
  .object({
    status: z.enum(CONVERSATION_STATUSES, { error: "status must be open, done or snoozed" }),
    snoozedUntil: z.iso.datetime({ offset: true, error: "snoozedUntil must be an ISO date-time" }).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.snoozedUntil && v.status !== "snoozed") ctx.addIssue({ code: "custom", path: ["snoozedUntil"], message: "snoozedUntil goes only with status snoozed" });
    if (!v.snoozedUntil && v.status === "snoozed") ctx.addIssue({ code: "custom", path: ["snoozedUntil"], message: "snoozedUntil is required to snooze a comment" });
    if (v.snoozedUntil && Date.parse(v.snoozedUntil) <= Date.now()) ctx.addIssue({ code: "custom", path: ["snoozedUntil"], message: "snoozedUntil must be in the future" });
  });
export type TCommentStatus = z.infer<typeof ZCommentStatus>;

/** POST /api/comments/mark-read: the comments the view shows, of one Page. */
export const ZMarkCommentsRead = z.object({
  pageId: id("pageId"),
  commentIds: z
    .array(id("commentId"), { error: "commentIds must be a list of comment ids" })
    .min(1, "commentIds must list at least one comment")
    .max(MARK_READ_MAX, `At most ${MARK_READ_MAX} comments at once`)
    .transform((ids) => [...new Set(ids)]),
});
export type TMarkCommentsRead = z.infer<typeof ZMarkCommentsRead>;
