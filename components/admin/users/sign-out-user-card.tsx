"use client";

import { SignOutEverywhereCard } from "@/components/admin/common/sign-out-everywhere-card";
import { api, errorMessage } from "@/lib/api/client";
import { USER_SIGNED_OUT, type ApiUser } from "@/lib/schemas/users";
import { toast } from "@/lib/toast";
import type { POST as SignOutUser } from "@/app/api/users/[id]/sign-out/route";
import type { Answer } from "@/lib/contract/http";

const FAILED = "Failed to sign the user out, please try again";

/** User Details: end every session of a member the admin manages (a lost phone, a shared computer). */
export function SignOutUserCard({ user }: { user: ApiUser }) {
  async function signOut() {
    try {
      const res = await api<Answer<typeof SignOutUser>>(`/api/users/${encodeURIComponent(user._id)}/sign-out`, { method: "POST" });
      toast.success(res?.message ?? USER_SIGNED_OUT);
    } catch (error) {
      toast.error(errorMessage(error, FAILED));
    }
  }

  return (
    <SignOutEverywhereCard
      description={
        <>
          Signs <span className="font-medium text-slate-900">{user.name}</span> out in every browser and on every device at once: open tabs stop
          receiving messages, and they must sign in again with an e-mail code.
        </>
      }
      onConfirm={signOut}
    />
  );
}
