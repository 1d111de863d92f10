// The access table's roles (issue 44): the four roles, what each one *is* (its traits: which company and
// pages it reaches, whether it answers customers), who creates whom, and the role-keyed landing paths and
// menu of PRODUCT §2 and §6. What each role may *do* is the action map beside it (permissions.ts). Every
// Prisma filter, SQL form and UI check on roles is derived from these tables: a role's name is written
// nowhere else in app/, components/, lib/, server/, workers/ or tools/ (eslint.config.mjs enforces it).
// Browser-safe.

export const ROLES = ["staff", "admin", "company_admin", "super_admin"] as const;
export type Role = (typeof ROLES)[number];

/** What a role is, apart from what it may do. */
const TRAITS = {
  /** Belongs to no company and reaches every company's rows (docs/SECURITY.md). */
  allCompanies: ["super_admin"],
  /** Reaches every page of its company without assignments. */
  allCompanyPages: ["company_admin"],
  /** Reaches only the pages it is assigned to, in its company. */
  assignedPages: ["staff", "admin"],
  /** Answers customers in the inbox: the fair queue's candidates, the reports' agents. */
  agent: ["staff", "admin", "company_admin"],
  /** A new account of this role opens its own company (and so needs a company name and a password). */
  opensCompany: ["company_admin"],
  /** Gets the company's alerts by e-mail: a Page blocked or needing a token, a missed response target. */
  companyAlerts: ["company_admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Trait = keyof typeof TRAITS;

/** The roles with a trait, for Prisma (`role: { in: rolesWith(…) }`) and SQL (`= ANY(…)`) filters. */
export function rolesWith(trait: Trait): Role[] {
  return [...TRAITS[trait]];
}

/** Whether a role has a trait; an unknown or missing role has none. */
export function hasTrait(role: string | null | undefined, trait: Trait): boolean {
  return isRole(role) && (TRAITS[trait] as readonly Role[]).includes(role);
}

/** PRODUCT §6: who creates whom. The same table says whom a role may manage (delete, ban, assign pages). */
export const CREATABLE_ROLES: Record<Role, readonly Role[]> = {
  super_admin: ["company_admin"],
  company_admin: ["admin", "staff"],
  admin: ["staff"],
  staff: [],
};

/** The role the super admin's "Create company admin" form creates: the one that opens a company. */
export const COMPANY_OWNER_ROLE: Role = "company_admin";

/** The create form's starting role (PRODUCT §6): company_admin for a super admin, staff otherwise. */
export function defaultNewUserRole(creator: Role): Role | undefined {
  if (hasTrait(creator, "allCompanies")) return COMPANY_OWNER_ROLE;
  return CREATABLE_ROLES[creator].includes("staff") ? "staff" : undefined;
}

/** Whether a role may delete, ban or assign pages to users of another role; the super admin manages all. */
export function canManageRole(actor: Role, target: Role): boolean {
  return hasTrait(actor, "allCompanies") || CREATABLE_ROLES[actor].includes(target);
}

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
