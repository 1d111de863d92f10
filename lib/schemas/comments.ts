import { z } from "zod";
import { ZCommentSearch } from "@/lib/schemas/comment-teamwork";

// The comments view's requests (issue 42): shared by its forms and the /api/comments handlers.

/** Facebook takes about 8 000 characters in a comment; we keep answers to a message's length. */
export const COMMENT_REPLY_MAX_LENGTH = 2000;
export const COMMENT_REPLY_REQUIRED = "Reply text is required";

/** The comments view's filters (docs/PRODUCT.md §12); none: every comment, as before the filters. */
export const COMMENT_VIEWS = ["open", "mine", "unassigned", "done", "snoozed"] as const;
export type CommentView = (typeof COMMENT_VIEWS)[number];

// GET /api/comments?pageId=&cursor=&view=
export const ZCommentsQuery = z.object({
  view: z.enum(COMMENT_VIEWS, { error: "view must be open, mine, unassigned, done or snoozed" }).optional(),
  pageId: z.string({ error: "pageId is required" }).trim().min(1, "pageId is required").max(100),
  // The last post of the previous page: "<lastCommentAt ISO>|<post id>".
  cursor: z.string().trim().max(200).regex(/^[\d\-T:.Z]+\|[\w-]+$/, "cursor is not one this API gave").optional(),
  // Search in the Page's comments (text or commenter's name); blank is no search.
  q: ZCommentSearch.optional().transform((s) => s || undefined),
});
export type TCommentsQuery = z.infer<typeof ZCommentsQuery>;

// POST /api/comments/{id}/reply and /private-reply
export const ZCommentReply = z.object({
  text: z.string({ error: COMMENT_REPLY_REQUIRED }).trim().min(1, COMMENT_REPLY_REQUIRED).max(COMMENT_REPLY_MAX_LENGTH, `Replies can be at most ${COMMENT_REPLY_MAX_LENGTH} characters`),
});

// POST /api/comments/{id}/like and /hide
export const ZCommentLike = z.object({ liked: z.boolean({ error: "liked must be true or false" }) });
export const ZCommentHide = z.object({ hidden: z.boolean({ error: "hidden must be true or false" }) });
