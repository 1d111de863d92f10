"use client";

import { api } from "@/lib/api/client";
import { useRefreshPages } from "@/lib/hooks/use-admin-pages";
import { useDeleteFlow } from "@/components/admin/common/admin-delete-flow";
import type { DELETE as DeletePage } from "@/app/api/pages/[id]/route";
import type { Answer } from "@/lib/contract/http";

const DELETE_FAILED = "Failed to delete page, please try again";

/** The delete-page flow behind the confirmation dialog (PRODUCT §8: 'Failed to delete page, please try again'). */
export function useDeletePage() {
  const remove = (page: { _id: string; name: string }) => api<Answer<typeof DeletePage>>(`/api/pages/${encodeURIComponent(page._id)}`, { method: "DELETE" });
  return useDeleteFlow({ remove, refresh: useRefreshPages(), deleted: "Page deleted successfully", failed: () => DELETE_FAILED });
}
