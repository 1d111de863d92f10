import { z } from "zod";
import { CONVERSATION_STATUSES } from "@/lib/contract/inbox-api";
import { ZAssignTags } from "@/lib/schemas/labels";
import { CHANNELS } from "@/lib/inbox/channels";

// Query and body schemas of the conversation API (PRODUCT §7 Conversations).

export const CONVERSATION_PAGE_SIZE = 15;
export const THREAD_PAGE_SIZE = 25;

const flag = z
  .enum(["true", "false", "1", "0"], { error: "must be true or false" })
  .optional()
  .transform((v) => v === "true" || v === "1");

/** tags: a JSON array of tag names, sent lowercased (PRODUCT §5); also accepts a comma list. */
const tagList = z
  .string()
  .max(2000)
  .optional()
  .transform((raw, ctx) => {
    if (!raw) return [];
    let values: unknown = raw.split(",");
    if (raw.trim().startsWith("[")) {
      try {
        values = JSON.parse(raw);
      } catch {
        ctx.addIssue({ code: "custom", message: "tags must be a JSON array of names" });
        return z.NEVER;
      }
    }
    if (!Array.isArray(values) || values.some((v) => typeof v !== "string")) {
      ctx.addIssue({ code: "custom", message: "tags must be a JSON array of names" });
      return z.NEVER;
    }
    return [...new Set(values.map((v: string) => v.trim().toLowerCase()).filter(Boolean))].slice(0, 50);
  });

export const ZConversationListQuery = z.object({
  page: z.coerce.number({ error: "page must be a number" }).int().min(1, "page must be at least 1").max(100_000).default(1),
  limit: z.coerce.number({ error: "limit must be a number" }).int().min(1).max(100, "limit can be at most 100").default(CONVERSATION_PAGE_SIZE),
  cursor: z.string().max(200).optional(),
  search: z.string().max(200, "search can be at most 200 characters").optional().transform((s) => s?.trim() || undefined),
  isImportant: flag,
  isSpam: flag,
  tags: tagList,
  /** Ownership filter (beyond the spec): `me` = assigned to the actor, `unassigned` = nobody's. */
  assignee: z.enum(["me", "unassigned"], { error: "assignee must be me or unassigned" }).optional(),
  /** The Open / Done / Snoozed views (docs/PRODUCT.md §11); none = every status. */
  status: z.enum(CONVERSATION_STATUSES, { error: "status must be open, done or snoozed" }).optional(),
  /** The "Breaching soon" view (docs/PRODUCT.md §13.3): open conversations near or past their response target, soonest first. */
  due: flag,
  /** Channel filter (beyond the spec): only the Page's Messenger or only its Instagram conversations. */
  channel: z.enum(CHANNELS, { error: "channel must be messenger or instagram" }).optional(),
});
export type TConversationListQuery = z.infer<typeof ZConversationListQuery>;

export const ZThreadQuery = z.object({
  before: z.string().max(200).optional(),
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(THREAD_PAGE_SIZE),
});
export type TThreadQuery = z.infer<typeof ZThreadQuery>;

const id = (name: string) => z.string({ error: `${name} is required` }).trim().min(1, `${name} is required`).max(100);

export const ZConversationRef = z.object({ conversationId: id("conversationId"), pageId: id("pageId").optional(), senderId: z.string().max(100).optional() });
export type TConversationRef = z.infer<typeof ZConversationRef>;

export const ZStatsQuery = z.object({ pageId: z.string().trim().max(100).optional().transform((s) => s || undefined) });

/** POST /api/conversations/assign: `assigneeId` null unassigns. */
export const ZAssignConversation = z.object({
  conversationId: id("conversationId"),
  pageId: id("pageId").optional(),
  assigneeId: z.string({ error: "assigneeId must be a user id or null" }).trim().max(100).nullable(),
});
export type TAssignConversation = z.infer<typeof ZAssignConversation>;

/** GET /api/inbox/agents and /api/inbox/settings: one page. */
export const ZInboxPageQuery = z.object({ pageId: id("pageId") });

/** PUT /api/inbox/settings: per-page inbox settings (admins). */
export const ZInboxSettings = z.object({ pageId: id("pageId"), autoAssign: z.boolean({ error: "autoAssign must be true or false" }) });
export type TInboxSettings = z.infer<typeof ZInboxSettings>;

/** At most this many conversations in one bulk action (the list's selection). */
export const MAX_BULK = 100;

const conversationIds = z
  .array(id("conversationId"), { error: "conversationIds must be a list of conversation ids" })
  .min(1, "Select at least one conversation")
  .max(MAX_BULK, `At most ${MAX_BULK} conversations at once`)
  .transform((ids) => [...new Set(ids)]);

/**
 * POST /api/conversations/status: mark done, snooze or reopen one or several conversations. `snoozeUntil`
 * only with snoozed: an ISO time in the future, or null/absent = until the customer writes.
 */
export const ZSetStatus = z
  .object({
    conversationIds,
    pageId: id("pageId").optional(),
    status: z.enum(CONVERSATION_STATUSES, { error: "status must be open, done or snoozed" }),
    snoozeUntil: z.iso.datetime({ offset: true, error: "snoozeUntil must be an ISO date-time" }).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.snoozeUntil && v.status !== "snoozed") ctx.addIssue({ code: "custom", path: ["snoozeUntil"], message: "snoozeUntil goes only with status snoozed" });
    if (v.snoozeUntil && Date.parse(v.snoozeUntil) <= Date.now()) ctx.addIssue({ code: "custom", path: ["snoozeUntil"], message: "snoozeUntil must be in the future" });
  });
export type TSetStatus = z.infer<typeof ZSetStatus>;

/** POST /api/conversations/bulk-assign: the same rules as assigning one (assign-conversation.ts), per conversation. */
export const ZBulkAssign = z.object({
  conversationIds,
  pageId: id("pageId").optional(),
  assigneeId: z.string({ error: "assigneeId must be a user id or null" }).trim().max(100).nullable(),
});
export type TBulkAssign = z.infer<typeof ZBulkAssign>;

/** POST /api/conversations/bulk-label: the labels of page-labels/assign, on every selected conversation of the page. */
export const ZBulkLabel = z.object({ conversationIds, pageId: id("pageId"), tags: ZAssignTags.shape.tags });
export type TBulkLabel = z.infer<typeof ZBulkLabel>;
