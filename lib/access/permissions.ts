import { isRole, type Role } from "@/lib/access/roles";

// The one permission map: every action a role may take (what a role *is* — its traits, who creates whom —
// is roles.ts beside it), read by the route wrapper
// (route({ can: "labels.delete" })), the services that refine a route's rule, and the UI, so the browser
// shows exactly what the API allows. Browser-safe. The table in docs/SECURITY.md ("Permission map") is
// this file in words; a change here is a change there.

const CHATS = ["staff", "company_admin", "admin"] as const;
const COMPANY = ["company_admin", "admin"] as const;
const BACK_OFFICE = ["super_admin", "company_admin", "admin"] as const;
const PAGE_OWNERS = ["super_admin", "company_admin"] as const;
const SUPER = ["super_admin"] as const;
const COMPANY_ADMIN = ["company_admin"] as const;

export const PERMISSIONS = {
  // The screens (lib/auth/route-access.ts and the layouts' guards; /profile is open to every signed-in user).
  "screens.inbox": CHATS,
  "screens.company": COMPANY,
  "screens.super-admin": SUPER,

  // The inbox (/chats and its API).
  "conversations.read": CHATS,
  "conversations.work": CHATS,
  "conversations.assign": CHATS,
  /** Reassign or unassign anyone's conversation; other agents only take unassigned ones or give back their own. */
  "conversations.assign-any": COMPANY,
  "messages.send": CHATS,
  "uploads.create": CHATS,
  "replies.manage": CHATS,
  "notes.write": CHATS,
  /** Edit or delete a note someone else wrote (authors always may change their own). */
  "notes.edit-any": COMPANY,
  "labels.use": CHATS,
  "labels.delete": COMPANY,
  "sheets.book": COMPANY,
  "sheets.export": COMPANY,
  "inbox.read": CHATS,
  "inbox.settings": COMPANY,
  /** Set oneself away: the fair queue hands an away agent nothing (docs/PRODUCT.md §13.4). */
  "inbox.away": CHATS,
  /**
   * The header's Chats button and the inbox's Admin Panel button: admins, and company admins, who also
   * answer in /chats and run the back office, so need the same way back and forth (docs/DECISIONS.md).
   */
  "inbox.switch-to-admin": COMPANY,
  "pages.mine": CHATS,
  /** Comments under the Page's posts (issue 42): read them, answer them publicly or privately, like them. */
  "comments.read": CHATS,
  "comments.answer": CHATS,
  /** Hide or delete a customer's comment: what a Page's moderators do in Meta Business Suite. */
  "comments.moderate": CHATS,
  /** The team's work on customers' comments (docs/PRODUCT.md §12): done, snooze, reopen, mark read; assign as conversations are. */
  "comments.work": CHATS,
  "comments.assign": CHATS,
  /** Reassign or unassign anyone's comment; other agents only take unassigned ones or give back their own. */
  "comments.assign-any": COMPANY,

  // The back office.
  "dashboard.view": BACK_OFFICE,
  /** The Reports screen and its API: response metrics of the company's pages (docs/PRODUCT.md §11). */
  "reports.view": COMPANY,
  /** The company's time zone and business hours, which every response metric counts in. */
  "reports.hours": COMPANY_ADMIN,
  /** The audit log of admin actions and its API (docs/PRODUCT.md §13.5): company admins only. */
  "audit.read": COMPANY_ADMIN,
  "pages.view": BACK_OFFICE,
  /** Connect, edit, reconnect, verify and delete Facebook Pages (docs/DECISIONS.md "Who connects pages"). */
  "pages.manage": PAGE_OWNERS,
  /**
   * A Page's automatic replies (docs/PRODUCT.md §13.1), in its settings: whoever edits the Page — the company
   * admin, and the super admin who manages every company's Pages — not the agents who answer in it.
   */
  "pages.auto-replies": PAGE_OWNERS,
  "pages.assign": COMPANY,
  "users.create": BACK_OFFICE,
  "users.manage": BACK_OFFICE,
  "users.list-company": COMPANY,
  /** How many open conversations the fair queue gives each agent of the company (docs/PRODUCT.md §13.4). */
  "users.capacity": COMPANY_ADMIN,
  "users.list-all": SUPER,
  "whitelist.manage": COMPANY,
  "offers.manage": COMPANY,
  "quarantine.manage": SUPER,
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof PERMISSIONS;

/** The roles allowed to take an action. */
export function rolesFor(action: Action): readonly Role[] {
  return PERMISSIONS[action];
}

/** Whether a role may take an action; an unknown or missing role may take none. */
export function can(role: string | null | undefined, action: Action): boolean {
  return isRole(role) && (PERMISSIONS[action] as readonly Role[]).includes(role);
}
