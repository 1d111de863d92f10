"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { ArrowLeftIcon, LockIcon } from "@/components/ui/icons";
import { hasInAppHistory } from "@/lib/navigation-history";
import { landingPathFor } from "@/lib/access/roles";
import { useAuth } from "@/components/auth/auth-provider";

/** Shown by the protected guard when the signed-in role may not open the page (PRODUCT §2). */
export function AccessDenied() {
  const router = useRouter();
  const { user } = useAuth();

  function goBack() {
    // Opened straight on this page (no earlier page of the app to return to): use the role's landing path.
    if (hasInAppHistory()) router.back();
    else router.replace(landingPathFor(user?.role));
  }

  return (
    <div className="flex min-h-[70dvh] items-center justify-center px-4 py-12">
      <div className="w-full max-w-md text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-600 ring-8 ring-red-50/50">
          <LockIcon className="size-7" />
        </span>
        <h1 className="mt-6 text-2xl font-semibold tracking-tight text-slate-900">Access Denied</h1>
        <p className="mt-2 text-slate-600">You don&apos;t have permission to access this page.</p>
        <Button variant="secondary" className="mt-8" onClick={goBack}>
          <ArrowLeftIcon className="size-4" />
          Go Back
        </Button>
      </div>
    </div>
  );
}
