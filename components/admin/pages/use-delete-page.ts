"use client";

import { useState } from "react";
import { toast } from "@/lib/toast";
import { api } from "@/lib/api/client";
import { useRefreshPages } from "@/lib/hooks/use-admin-pages";
import type { DELETE as DeletePage } from "@/app/api/pages/[id]/route";
import type { Answer } from "@/lib/contract/http";

const DELETE_FAILED = "Failed to delete page, please try again";

/** The delete-page flow behind the confirmation dialog (PRODUCT §8: 'Failed to delete page, please try again'). */
export function useDeletePage() {
  const [target, setTarget] = useState<{ _id: string; name: string } | null>(null);
  const refresh = useRefreshPages();

  async function confirm() {
    if (!target) return;
    try {
      const res = await api<Answer<typeof DeletePage>>(`/api/pages/${encodeURIComponent(target._id)}`, { method: "DELETE" });
      toast.success(res?.message ?? "Page deleted successfully");
      await refresh();
    } catch (error) {
      toast.error(DELETE_FAILED);
      throw error;
    }
  }

  return { target, ask: setTarget, close: () => setTarget(null), confirm };
}
