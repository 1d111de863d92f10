"use client";

import { useAuth } from "@/components/auth/auth-provider";
import { errorMessage } from "@/lib/api/client";
import { SIGNED_OUT_EVERYWHERE } from "@/lib/schemas/auth";
import { toast } from "@/lib/toast";

const FAILED = "Could not sign out everywhere, please try again";

/** Signs the user out on every device and says how it went (the menu item and the Profile card). */
export function useSignOutEverywhere(): () => Promise<void> {
  const { logoutEverywhere } = useAuth();
  return () =>
    logoutEverywhere().then(
      () => void toast.success(SIGNED_OUT_EVERYWHERE),
      (error: unknown) => void toast.error(errorMessage(error, FAILED)),
    );
}
