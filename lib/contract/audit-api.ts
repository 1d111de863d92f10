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

