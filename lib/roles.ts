// Roles, landing paths and the role-keyed menu of PRODUCT §2 and §6. Shared by the server and the browser.

export const ROLES = ["staff", "admin", "company_admin", "super_admin"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** A role check accepts one role or a list (PRODUCT §6). */
export function hasRole(role: string | null | undefined, required: Role | readonly Role[]): boolean {
  if (!isRole(role)) return false;
  return Array.isArray(required) ? required.includes(role) : role === required;
}

/** Where a user lands after sign-in; any other or missing role goes to / (PRODUCT §2). */
export function landingPathFor(role: string | null | undefined): string {
  switch (role) {
    case "staff":
      return "/chats";
    case "super_admin":
      return "/users";
    case "company_admin":
    case "admin":
      return "/company/dashboard";
    default:
      return "/";
  }
}

/** "company_admin" → "company admin": the chrome shows roles with underscores as spaces. */
export function roleLabel(role: string): string {
  return role.replaceAll("_", " ");
}

export type MenuItem = { label: string; href: string };

const COMPANY_MENU: MenuItem[] = [
  { label: "Dashboard", href: "/company/dashboard" },
  { label: "Reports", href: "/company/reports" },
  { label: "Users", href: "/company/users" },
  { label: "FB Pages", href: "/company/fb-pages" },
  { label: "Whitelist URLs", href: "/company/whitelist-urls" },
  { label: "URL Violations", href: "/company/url-violations" },
  { label: "Send Offer", href: "/company/send-offer" },
  { label: "Scheduled Offers", href: "/company/scheduled-offers" },
];

/** Company admins only (permission "audit.read"): who changed what (docs/PRODUCT.md §13.5). */
const AUDIT_ITEM: MenuItem = { label: "Audit Log", href: "/company/audit-log" };

/**
 * The sidebar is keyed by role: super_admin sees only Users; company roles see the eight items (Reports
 * beyond the spec), and company admins the Audit Log after them.
 */
export function menuFor(role: string | null | undefined): MenuItem[] {
  switch (role) {
    case "super_admin":
      return [{ label: "Users", href: "/users" }];
    case "company_admin":
      return [...COMPANY_MENU, AUDIT_ITEM];
    case "admin":
      return COMPANY_MENU;
    case "staff":
      // Not in the spec's menu table: staff reach the admin layout only for /profile, so give them a way back.
      return [{ label: "Chats", href: "/chats" }];
    default:
      return [];
  }
}
