// The audit log's vocabulary (issue 43, docs/PRODUCT.md §13): what an entry says happened, shared by the
// services that write entries, GET /api/audit and the screen's filter. Browser-safe.

export const AUDIT_ACTIONS = [
  "user.created",
  "user.updated",
  "user.banned",
  "user.unbanned",
  "user.deleted",
  "user.signed_out",
  "user.capacity_changed",
  "page.connected",
  "page.updated",
  "page.deleted",
  "page.agents_changed",
  "page.instagram_changed",
  "page.inbox_settings_changed",
  "page.auto_replies_changed",
  "whitelist.added",
  "whitelist.updated",
  "whitelist.removed",
  "company.business_hours_changed",
  "company.targets_changed",
  "conversation.assigned_by_rule",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export type AuditTargetType = "user" | "page" | "whitelist" | "company" | "conversation";

/** The areas an action belongs to: the part before the dot ("user.banned" → "user"); the screen's filter offers them. */
export const AUDIT_AREAS = [...new Set(AUDIT_ACTIONS.map((action) => action.split(".")[0]!))];

/** GET /api/audit: one entry, newest first. `actor.id` is null for Switchboard's own rules. */
export type ApiAuditEntry = {
  id: string;
  at: string;
  actor: { id: string | null; name: string };
  action: string;
  target: { type: string; id: string | null; name: string | null };
  details: Record<string, unknown> | null;
};

/** A person the log's "Who" filter offers. */
export type AuditActorOption = { id: string; name: string };

export type AuditPage = {
  entries: ApiAuditEntry[];
  /** Pass as `cursor` for the next, older entries; null at the end. */
  nextCursor: string | null;
  /** The "Who" filter's choices, sent with the first page only (null after a cursor). */
  actors: AuditActorOption[] | null;
};
