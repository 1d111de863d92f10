"use client";

import { useState } from "react";
import type { ExternalToast } from "sonner";
import { toast } from "@/lib/toast";
import { useSWRConfig } from "swr";
import type { WhitelistEntry } from "@/lib/admin/types";
import { api, errorMessage } from "@/lib/api/client";
import { WHITELIST_KEY } from "@/lib/hooks/use-admin-whitelist";

// PRODUCT §9: toasts sit top-center on the whitelist screens.
export const WHITELIST_TOAST: ExternalToast = { position: "top-center" };

type Action = "add" | "update" | "remove";

const TEXT: Record<Action, { ok: string; failed: string }> = {
  add: { ok: "URL added", failed: "Failed to add url, please try again" },
  update: { ok: "URL updated", failed: "Failed to update url, please try again" },
  remove: { ok: "URL removed", failed: "Failed to remove url, please try again" },
};

/**
 * Add, update and remove an approved pattern: a toast for each outcome (the server's message when it sent
 * one), the list refreshed after a change, and one `pending` flag — saving waits while any of them runs.
 */
export function useWhitelistActions() {
  const { mutate } = useSWRConfig();
  const [running, setRunning] = useState<Action | null>(null);

  async function run(action: Action, call: () => Promise<unknown>): Promise<boolean> {
    setRunning(action);
    try {
      await call();
      toast.success(TEXT[action].ok, WHITELIST_TOAST);
      await mutate(WHITELIST_KEY);
      return true;
    } catch (error) {
      toast.error(errorMessage(error, TEXT[action].failed), WHITELIST_TOAST);
      return false;
    } finally {
      setRunning(null);
    }
  }

  return {
    pending: running !== null,
    running,
    add: (url: string) => run("add", () => api("/api/urls", { method: "POST", body: { url } })),
    update: (entry: WhitelistEntry, url: string) => run("update", () => api(`/api/urls/${encodeURIComponent(entry._id)}`, { method: "PUT", body: { url } })),
    remove: (entry: WhitelistEntry) => run("remove", () => api(`/api/urls/${encodeURIComponent(entry._id)}`, { method: "DELETE" })),
  };
}
