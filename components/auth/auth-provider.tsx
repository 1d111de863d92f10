"use client";

import "@/lib/zod-browser";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { api, setUnauthorizedHandler } from "@/lib/api/client";
import { isRole } from "@/lib/roles";
import type { SessionUser } from "@/lib/schemas/auth";
import { clearSession, readSession, TOKEN_KEY, USER_KEY, writeSession, type StoredSession } from "@/lib/session";

// The browser session of SPEC §3/§4: loading, then restored from localStorage; login stores, logout clears.

export type AuthStatus = "loading" | "authenticated" | "unauthenticated";

export type AuthContextValue = {
  status: AuthStatus;
  user: SessionUser | null;
  token: string | null;
  /**
   * True once a session ended during this visit (Sign Out, a 401/403, another tab signing out). Guards then send
   * the user to / without remembering the page they were on.
   */
  signedOut: boolean;
  login: (session: StoredSession) => void;
  logout: () => void;
};

type State = { status: AuthStatus; session: StoredSession | null; signedOut: boolean };

const AuthContext = createContext<AuthContextValue | null>(null);

/** The stored session, if it holds a known role; anything else is cleared (unknown roles land on /). */
function restore(): StoredSession | null {
  const session = readSession();
  if (session && !isRole(session.user.role)) {
    clearSession();
    return null;
  }
  return session;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [state, setState] = useState<State>({ status: "loading", session: null, signedOut: false });

  const endSession = useCallback(() => {
    clearSession();
    setState({ status: "unauthenticated", session: null, signedOut: true });
    router.replace("/");
  }, [router]);

  useEffect(() => {
    const session = restore();
    // Restoring from localStorage can only happen after hydration, so this effect is the sync point.
    setState({ status: session ? "authenticated" : "unauthenticated", session, signedOut: false });

    // Keep tabs in step: signing in or out in one tab applies to the others.
    function onStorage(event: StorageEvent) {
      if (event.key !== null && event.key !== TOKEN_KEY && event.key !== USER_KEY) return;
      const next = restore();
      setState((prev) =>
        next
          ? { status: "authenticated", session: next, signedOut: false }
          : { status: "unauthenticated", session: null, signedOut: prev.status === "authenticated" || prev.signedOut },
      );
    }
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  // SPEC §2/§8: any 401 or 403 on an authenticated call clears the session and goes to /.
  useEffect(() => {
    setUnauthorizedHandler(endSession);
  }, [endSession]);

  // A restored session is checked with the server once per visit: a revoked token (ban, deletion, expiry)
  // ends it through the 401 handler, and a still-valid one picks up changes such as newly assigned pages.
  const restoredToken = state.status === "authenticated" ? state.session?.token : undefined;
  useEffect(() => {
    if (!restoredToken) return;
    let cancelled = false;
    api<{ user: SessionUser }>("/auth/me")
      .then(({ user }) => {
        if (cancelled || !isRole(user.role)) return;
        writeSession({ token: restoredToken, user });
        setState((prev) => (prev.session?.token === restoredToken ? { ...prev, session: { token: restoredToken, user } } : prev));
      })
      .catch(() => {}); // 401/403 are handled above; a network blip keeps the session
    return () => {
      cancelled = true;
    };
  }, [restoredToken]);

  const login = useCallback((session: StoredSession) => {
    writeSession(session);
    setState({ status: "authenticated", session, signedOut: false });
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      user: state.session?.user ?? null,
      token: state.session?.token ?? null,
      signedOut: state.signedOut,
      login,
      logout: endSession,
    }),
    [state, login, endSession],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The session; using it outside <AuthProvider> is an error (SPEC §8). */
export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used within an AuthProvider");
  return context;
}
