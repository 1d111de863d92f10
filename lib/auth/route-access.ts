import { hasRole, landingPathFor, ROLES, type Role } from "@/lib/access/roles";
import { rolesFor } from "@/lib/access/permissions";

// Which roles may open a browser path (PRODUCT §2 route table), and where to go after sign-in.

const SUPER_ADMIN_PREFIXES = ["/dashboard", "/users", "/create-user", "/fb-pages/", "/edit-page/", "/pages"];

function matches(pathname: string, prefix: string): boolean {
  if (prefix.endsWith("/")) return pathname.startsWith(prefix) && pathname.length > prefix.length;
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The roles that may open `pathname`, or null when the path is public or unknown. */
export function rolesForPath(pathname: string): readonly Role[] | null {
  if (matches(pathname, "/company")) return rolesFor("screens.company");
  if (matches(pathname, "/chats")) return rolesFor("screens.inbox");
  if (matches(pathname, "/profile")) return ROLES;
  if (SUPER_ADMIN_PREFIXES.some((prefix) => matches(pathname, prefix))) return rolesFor("screens.super-admin");
  if (/^\/[^/]+\/add-page\/?$/.test(pathname)) return rolesFor("screens.super-admin");
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
