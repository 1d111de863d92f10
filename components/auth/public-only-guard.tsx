"use client";

import { useEffect, type ReactNode } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { useAuth } from "@/components/auth/auth-provider";
import { PageSpinner } from "@/components/ui/spinner";
import { postSignInPath } from "@/lib/auth/route-access";

/**
 * For screens only signed-out users see (sign-in): a spinner while the session loads, and signed-in users go to
 * the page they were headed for (?next=, when their role may open it) or their role's landing path (PRODUCT §2).
 * Uses useSearchParams, so render it inside <Suspense>.
 */
export function PublicOnlyGuard({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const router = useRouter();
  const next = useSearchParams().get("next");

  useEffect(() => {
    if (status === "authenticated" && user) router.replace(postSignInPath(user.role, next));
  }, [status, user, next, router]);

  if (status !== "unauthenticated") return <PageSpinner />;
  return <>{children}</>;
}
