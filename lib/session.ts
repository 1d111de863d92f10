import type { SessionUser } from "@/lib/schemas/auth";
import { isRole } from "@/lib/access/roles";

// The session lives in localStorage under the keys "token" and "user" (PRODUCT §3, §4).

export const TOKEN_KEY = "token";
export const USER_KEY = "user";

export type StoredSession = { token: string; user: SessionUser };

/** Both present and parseable, or null; a parse failure clears both (PRODUCT §4 Auth). */
export function readSession(): StoredSession | null {
  if (typeof window === "undefined") return null;
  const token = window.localStorage.getItem(TOKEN_KEY);
  const rawUser = window.localStorage.getItem(USER_KEY);
  if (!token || !rawUser) return null;
  try {
    const user = JSON.parse(rawUser) as SessionUser;
    // A stored user whose role the app does not know is as broken as one that does not parse.
    if (!user || typeof user !== "object" || !isRole(user.role)) throw new Error("bad user");
    return { token, user };
  } catch {
    clearSession();
    return null;
  }
}

export function writeSession(session: StoredSession): void {
  window.localStorage.setItem(TOKEN_KEY, session.token);
  window.localStorage.setItem(USER_KEY, JSON.stringify(session.user));
}

export function clearSession(): void {
  window.localStorage.removeItem(TOKEN_KEY);
  window.localStorage.removeItem(USER_KEY);
}
