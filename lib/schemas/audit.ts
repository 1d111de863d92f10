import { z } from "zod";
import { isUuid } from "@/lib/ids";
import { AUDIT_ACTIONS, AUDIT_AREAS } from "@/lib/contract/audit-api";
import { isStorableInstant } from "@/lib/schemas/input-rules";

// GET /api/audit's query (docs/API.md "Audit log"): every filter optional, an empty value is no filter.

export const AUDIT_PAGE_SIZE = 50;
/** The "Who" filter's value for entries written by Switchboard's own rules (no person). */
export const SWITCHBOARD_ACTOR = "switchboard";

const blank = (s: string | undefined) => (s === undefined || s.trim() === "" ? undefined : s.trim());

/** One action ("user.banned") or an area with its dot ("user."), which means every action of that area. */
export function isActionFilter(value: string): boolean {
  return (AUDIT_ACTIONS as readonly string[]).includes(value) || (value.endsWith(".") && AUDIT_AREAS.includes(value.slice(0, -1)));
}

const instant = (name: string) =>
  z
    .string({ error: `${name} must be a date` })
    .max(40, `${name} must be a date`)
    .optional()
    .transform(blank)
    .transform((s, ctx) => {
      if (s === undefined) return undefined;
      const date = new Date(s);
      if (!/^\d{4}-\d{2}-\d{2}/.test(s) || !isStorableInstant(date)) {
        ctx.addIssue({ code: "custom", message: `${name} must be a date like 2026-12-01 or 2026-12-01T00:00:00Z` });
        return z.NEVER;
      }
      return date;
    });

export const ZAuditQuery = z
  .object({
    action: z
      .string({ error: "action must be text" })
      .max(64, "action is too long")
      .optional()
      .transform(blank)
      .refine((s) => s === undefined || isActionFilter(s), "action must be an action like user.banned or an area like user."),
    actor: z
      .string({ error: "actor must be text" })
      .max(64, "actor is too long")
      .optional()
      .transform(blank)
      .refine((s) => s === undefined || s === SWITCHBOARD_ACTOR || isUuid(s), `actor must be a user id or ${SWITCHBOARD_ACTOR}`),
    /** Entries at or after this instant. */
    from: instant("from"),
    /** Entries before this instant. */
    to: instant("to"),
    cursor: z.string({ error: "cursor must be text" }).max(200, "Invalid cursor").optional().transform(blank),
    limit: z.coerce.number({ error: "limit must be a number" }).int("limit must be a whole number").min(1, "limit must be 1 to 100").max(100, "limit must be 1 to 100").default(AUDIT_PAGE_SIZE),
  })
  .refine((q) => !q.from || !q.to || q.from < q.to, { path: ["to"], message: "to must be after from" });
export type TAuditQuery = z.infer<typeof ZAuditQuery>;
