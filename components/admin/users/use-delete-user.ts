"use client";

import { api, errorMessage } from "@/lib/api/client";
import { useRefreshUsers } from "@/lib/hooks/use-admin-users";
import { useDeleteFlow } from "@/components/admin/common/admin-delete-flow";
import type { ApiUser } from "@/lib/schemas/users";
import type { DELETE as DeleteUser } from "@/app/api/users/[id]/route";
import type { Answer } from "@/lib/contract/http";

const DELETE_FAILED = "Failed to delete user, Please try again";

/**
 * The delete-user flow behind the confirmation dialog. PRODUCT §8: 'Failed to delete user, Please try again';
 * the company screen shows the server's message first (`serverMessageFirst`).
 */
export function useDeleteUser({ serverMessageFirst }: { serverMessageFirst: boolean }) {
  const remove = (user: ApiUser) => api<Answer<typeof DeleteUser>>(`/api/users/${encodeURIComponent(user._id)}`, { method: "DELETE" });
  const failed = (error: unknown) => (serverMessageFirst ? errorMessage(error, DELETE_FAILED) : DELETE_FAILED);
  return useDeleteFlow({ remove, refresh: useRefreshUsers(), deleted: "User deleted successfully", failed });
}
