import type { ApiAuditEntry } from "@/lib/contract/audit-api";
import { roleLabel } from "@/lib/access/roles";

// The audit log's entries in plain words (docs/PRODUCT.md §13.5): "Changed role of Ana from staff to admin".
// Browser-safe; unknown actions and detail shapes still read as something, since other features add actions.

export type EntryWords = { what: string; details: string };

const AREA_LABELS: Record<string, string> = {
  user: "Users",
  page: "Pages",
  whitelist: "Approved links",
  company: "Company settings",
  conversation: "Assignments by rule",
};

export function areaLabel(area: string): string {
  return AREA_LABELS[area] ?? area;
}

const ACTION_LABELS: Record<string, string> = {
  "user.created": "User added",
  "user.updated": "User changed",
  "user.banned": "User banned",
  "user.unbanned": "User unbanned",
  "user.deleted": "User deleted",
  "user.signed_out": "User signed out",
  "user.capacity_changed": "Capacity changed",
  "page.connected": "Page connected",
  "page.updated": "Page edited",
  "page.deleted": "Page deleted",
  "page.agents_changed": "Page access changed",
  "page.instagram_changed": "Instagram turned on or off",
  "page.inbox_settings_changed": "Inbox settings changed",
  "page.auto_replies_changed": "Automatic replies changed",
  "whitelist.added": "Link approved",
  "whitelist.updated": "Approved link changed",
  "whitelist.removed": "Approved link removed",
  "company.business_hours_changed": "Business hours changed",
  "company.targets_changed": "Response targets changed",
  "conversation.assigned_by_rule": "Assigned by a rule",
};

/** The filter's name for one action. */
export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

type Details = Record<string, unknown>;

const text = (value: unknown): string => (value === true ? "on" : value === false ? "off" : value === null || value === undefined ? "none" : typeof value === "object" ? JSON.stringify(value) : String(value));

/** {from, to} → "from X to Y"; anything else → null. */
function fromTo(value: unknown): string | null {
  if (!value || typeof value !== "object" || !("from" in value) || !("to" in value)) return null;
  const { from, to } = value as { from: unknown; to: unknown };
  return `from ${text(from)} to ${text(to)}`;
}

const LABELS: Record<string, string> = {
  facebookPageId: "Facebook page ID",
  ownerChanged: "new owner",
  tokenReplaced: "new token",
  sessions: "sessions ended",
  email: "e-mail",
  timezone: "time zone",
};

/** The details the sentence does not say, as "name: value" pairs (our own ids left out: the names say who). */
function rest(details: Details | null, said: string[]): string {
  if (!details) return "";
  return Object.entries(details)
    .filter(([key]) => !said.includes(key) && (key in LABELS || !/Id$/.test(key)))
    .map(([key, value]) => `${LABELS[key] ?? key.replace(/([A-Z])/g, " $1").toLowerCase()}: ${value === true ? "yes" : (fromTo(value) ?? text(value))}`)
    .join("; ");
}

function userWords(action: string, name: string, d: Details): string {
  switch (action) {
    case "user.created":
      return `Added ${name}${d.role ? ` as ${roleLabel(String(d.role))}` : ""}`;
    case "user.updated":
    case "user.capacity_changed": {
      const field = action === "user.capacity_changed" ? "capacity" : String(d.field ?? "details");
      const change = fromTo(d) ?? fromTo(d[field]);
      const words = field === "role" && change ? change.replace(/_/g, " ") : change;
      return `Changed ${field === "email" ? "e-mail" : field} of ${name}${words ? ` ${words}` : ""}`;
    }
    case "user.banned":
      return `Banned ${name}`;
    case "user.unbanned":
      return `Unbanned ${name}`;
    case "user.deleted":
      return `Deleted ${name}`;
    case "user.signed_out":
      return `Signed ${name} out everywhere`;
    default:
      return `${action} ${name}`;
  }
}

function pageWords(action: string, name: string, d: Details): string {
  const page = `page ${name}`;
  switch (action) {
    case "page.connected":
      return `Connected ${page}`;
    case "page.updated": {
      const renamed = fromTo(d.name);
      return renamed ? `Renamed page ${renamed}` : `Edited ${page}`;
    }
    case "page.deleted":
      return `Deleted ${page}`;
    case "page.agents_changed":
      return d.change === "removed" ? `Took ${page} away from ${text(d.agent)}` : `Gave ${text(d.agent)} ${page}`;
    case "page.instagram_changed":
      return `Turned Instagram ${text(d.to)} for ${page}`;
    case "page.inbox_settings_changed": {
      const autoAssign = d.autoAssign as { to?: unknown } | undefined;
      return autoAssign && "to" in autoAssign ? `Turned auto-assign ${text(autoAssign.to)} for ${page}` : `Changed the inbox settings of ${page}`;
    }
    case "page.auto_replies_changed":
      return `Changed the automatic replies of ${page}`;
    default:
      return `${action} ${page}`;
  }
}

function otherWords(action: string, name: string, d: Details): string {
  switch (action) {
    case "whitelist.added":
      return `Approved link ${name}`;
    case "whitelist.updated":
      return `Changed approved link ${fromTo(d) ?? name}`;
    case "whitelist.removed":
      return `Removed approved link ${name}`;
    case "company.business_hours_changed":
      return "Changed business hours";
    case "company.targets_changed":
      return "Changed response targets";
    case "conversation.assigned_by_rule":
      return `Assigned conversation ${name}${d.to ? ` to ${text(d.to)}` : d.assignee ? ` to ${text(d.assignee)}` : ""}`;
    default:
      return `${action} ${name}`;
  }
}

/** What the sentence already says, per action, so Details does not repeat it. */
const SAID: Record<string, string[]> = {
  "user.created": ["role"],
  "user.updated": ["field", "from", "to"],
  "user.capacity_changed": ["from", "to", "capacity"],
  "page.updated": ["name"],
  "page.agents_changed": ["change", "agent"],
  "page.instagram_changed": ["from", "to"],
  "page.inbox_settings_changed": ["autoAssign"],
  "whitelist.added": ["url"],
  "whitelist.updated": ["from", "to"],
  "whitelist.removed": ["url"],
  "conversation.assigned_by_rule": ["to", "assignee"],
};

export function describeEntry(entry: ApiAuditEntry): EntryWords {
  const name = entry.target.name ?? "(no name)";
  const d = entry.details ?? {};
  const area = entry.action.split(".")[0];
  const what = area === "user" ? userWords(entry.action, name, d) : area === "page" ? pageWords(entry.action, name, d) : otherWords(entry.action, name, d);
  return { what, details: rest(entry.details, SAID[entry.action] ?? []) };
}

/** The Target column: what kind of thing, and its name. */
export function targetLabel(entry: ApiAuditEntry): string {
  const kind = { user: "User", page: "Page", whitelist: "Approved link", company: "Company", conversation: "Conversation" }[entry.target.type] ?? entry.target.type;
  return entry.target.name ? `${kind}: ${entry.target.name}` : kind;
}
