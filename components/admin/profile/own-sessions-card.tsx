"use client";

import { useSignOutEverywhere } from "@/components/auth/use-sign-out-everywhere";
import { SignOutEverywhereCard } from "@/components/admin/common/sign-out-everywhere-card";

/** Profile Settings: end every session of one's own account, this one included. */
export function OwnSessionsCard() {
  const signOutEverywhere = useSignOutEverywhere();
  return (
    <SignOutEverywhereCard
      description="Signs you out in every browser and on every device, this one included. Use it after signing in on a shared computer or losing a phone."
      onConfirm={signOutEverywhere}
    />
  );
}
