"use client";

import "@/lib/zod-browser";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { api, setUnauthorizedHandler } from "@/lib/api/client";
import { isRole } from "@/lib/access/roles";
import type { SessionUser } from "@/lib/schemas/auth";
import { clearSession, readSession, TOKEN_KEY, USER_KEY, writeSession, type StoredSession } from "@/lib/session";
import type { GET as Me } from "@/app/api/auth/me/route";
import type { Answer } from "@/lib/contract/http";

// The browser session of PRODUCT §3/§4: loading, then restored from localStorage; login stores, logout clears.

/** How long Sign Out waits for the server before signing out here anyway. */
const SIGN_OUT_WAIT_MS = 5_000;

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
  /** Ends this session on the server (its token and sockets stop working), then here. */
  logout: () => Promise<void>;
  /** Ends every session of the user on the server, then here; throws (nothing cleared) when the server did not confirm. */
  logoutEverywhere: () => Promise<void>;
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

  // Sign Out tells the server first, so a copy of the token (another tab's storage, a proxy log) dies with
  // it. The browser signs out even when the server cannot be reached: the user asked to leave this device.
  const logout = useCallback(async () => {
    await api("/auth/sign-out", { method: "POST", signal: AbortSignal.timeout(SIGN_OUT_WAIT_MS) }).catch(() => {});
    endSession();
  }, [endSession]);

  // Here the server's answer is the point: without it the other devices are still signed in, so the error
  // goes to the caller and this one stays signed in to try again.
  const logoutEverywhere = useCallback(async () => {
    await api("/auth/sign-out-everywhere", { method: "POST" });
    endSession();
  }, [endSession]);

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

  // PRODUCT §2/§8: any 401 or 403 on an authenticated call clears the session and goes to /.
  useEffect(() => {
    setUnauthorizedHandler(endSession);
  }, [endSession]);

  // A restored session is checked with the server once per visit: a revoked token (ban, deletion, expiry)
  // ends it through the 401 handler, and a still-valid one picks up changes such as newly assigned pages.
  const restoredToken = state.status === "authenticated" ? state.session?.token : undefined;
  useEffect(() => {
    if (!restoredToken) return;
    let cancelled = false;
    api<Answer<typeof Me>>("/auth/me")
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
      logout,
      logoutEverywhere,
    }),
    [state, login, logout, logoutEverywhere],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The session; using it outside <AuthProvider> is an error (PRODUCT §8). */
export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used within an AuthProvider");
  return context;
}
