import { z } from "zod";

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
