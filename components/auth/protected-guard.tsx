"use client";

import { useEffect, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { AccessDenied } from "@/components/auth/access-denied";
import { useAuth } from "@/components/auth/auth-provider";
import { PageSpinner } from "@/components/ui/spinner";
import { signInPathFrom } from "@/lib/auth/route-access";
import { hasRole, ROLES, type Role } from "@/lib/access/roles";

/**
 * Renders its children only for a signed-in user with one of `roles` (PRODUCT §2): a spinner while the session loads,
 * a redirect to / (remembering the page as ?next=) when signed out, Access Denied for any other role.
 */
export function ProtectedGuard({ roles = ROLES, children }: { roles?: readonly Role[]; children: ReactNode }) {
  const { status, user, signedOut } = useAuth();
  const router = useRouter();

  useEffect(() => {
    if (status !== "unauthenticated") return;
    // After Sign Out or a 401 the user goes to plain /; a first visit remembers where they were headed.
    router.replace(signedOut ? "/" : signInPathFrom(window.location.pathname + window.location.search));
  }, [status, signedOut, router]);

  if (status !== "authenticated" || !user) return <PageSpinner />;
  if (!hasRole(user.role, roles)) return <AccessDenied />;
  return <>{children}</>;
}
