"use client";

import { useState } from "react";
import { toast } from "@/lib/toast";
import { api, errorMessage } from "@/lib/api/client";
import { useRefreshPages } from "@/lib/hooks/use-admin-pages";
import type { POST as ReconnectPage } from "@/app/api/pages/[id]/reconnect/route";
import type { Answer } from "@/lib/contract/http";

/** "Reconnect": the page's stored token is checked with Facebook again and the page re-subscribed. */
export function useReconnectPage() {
  const [pendingId, setPendingId] = useState<string | null>(null);
  const refresh = useRefreshPages();

  async function reconnect(page: { _id: string; name: string }) {
    setPendingId(page._id);
    try {
      const res = await api<Answer<typeof ReconnectPage>>(`/api/pages/${encodeURIComponent(page._id)}/reconnect`, { method: "POST" });
      toast.success(res?.message ?? "Page reconnected");
    } catch (error) {
      toast.error(errorMessage(error, `Reconnecting ${page.name} failed. Please try again.`));
    } finally {
      setPendingId(null);
      await refresh();
    }
  }

  return { reconnect, pendingId };
}
