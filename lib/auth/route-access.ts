import { hasRole, landingPathFor, ROUTE_ROLES, type Role } from "@/lib/roles";

// Which roles may open a browser path (SPEC §2 route table), and where to go after sign-in.

const SUPER_ADMIN_PREFIXES = ["/dashboard", "/users", "/create-user", "/fb-pages/", "/edit-page/", "/pages"];

function matches(pathname: string, prefix: string): boolean {
  if (prefix.endsWith("/")) return pathname.startsWith(prefix) && pathname.length > prefix.length;
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The roles that may open `pathname`, or null when the path is public or unknown. */
export function rolesForPath(pathname: string): readonly Role[] | null {
  if (matches(pathname, "/company")) return ROUTE_ROLES.company;
  if (matches(pathname, "/chats")) return ROUTE_ROLES.chats;
  if (matches(pathname, "/profile")) return ROUTE_ROLES.anySignedIn;
  if (SUPER_ADMIN_PREFIXES.some((prefix) => matches(pathname, prefix))) return ROUTE_ROLES.superAdmin;
  if (/^\/[^/]+\/add-page\/?$/.test(pathname)) return ROUTE_ROLES.superAdmin;
  return null;
}

/** A same-origin path from a `next` query value, or null (no protocol-relative or absolute URLs). */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return null;
  return raw;
}

/** Where to send a signed-in user: the remembered path when their role may open it, else their landing path. */
export function postSignInPath(role: string | null | undefined, next?: string | null): string {
  const landing = landingPathFor(role);
  const target = safeNextPath(next);
  if (!target) return landing;
  const pathname = target.split(/[?#]/)[0] ?? "/";
  const roles = rolesForPath(pathname);
  return roles && hasRole(role, roles) ? target : landing;
}

/** The sign-in URL that remembers `from` so sign-in can return there. */
export function signInPathFrom(from: string): string {
  const target = safeNextPath(from);
  return target && target !== "/" ? `/?next=${encodeURIComponent(target)}` : "/";
}
