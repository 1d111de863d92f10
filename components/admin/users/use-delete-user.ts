"use client";

import { useState } from "react";
import { toast } from "@/lib/toast";
import { api, errorMessage } from "@/lib/api/client";
import { useRefreshUsers } from "@/lib/hooks/use-admin-users";
import type { ApiUser } from "@/lib/schemas/users";
import type { DELETE as DeleteUser } from "@/app/api/users/[id]/route";
import type { Answer } from "@/lib/contract/http";

const DELETE_FAILED = "Failed to delete user, Please try again";

/**
 * The delete-user flow behind the confirmation dialog. PRODUCT §8: 'Failed to delete user, Please try again';
 * the company screen shows the server's message first (`serverMessageFirst`).
 */
export function useDeleteUser({ serverMessageFirst }: { serverMessageFirst: boolean }) {
  const [target, setTarget] = useState<ApiUser | null>(null);
  const refresh = useRefreshUsers();

  async function confirm() {
    if (!target) return;
    try {
      const res = await api<Answer<typeof DeleteUser>>(`/api/users/${encodeURIComponent(target._id)}`, { method: "DELETE" });
      toast.success(res?.message ?? "User deleted successfully");
      await refresh();
    } catch (error) {
      toast.error(serverMessageFirst ? errorMessage(error, DELETE_FAILED) : DELETE_FAILED);
      throw error;
    }
  }

  return { target, ask: setTarget, close: () => setTarget(null), confirm };
}
