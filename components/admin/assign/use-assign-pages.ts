"use client";

import { useState } from "react";
import { toast } from "@/lib/toast";
import { sameSelection } from "@/lib/admin/assign-pages";
import { api, errorMessage } from "@/lib/api/client";
import { useRefreshPages } from "@/lib/hooks/use-admin-pages";
import { useRefreshUsers } from "@/lib/hooks/use-admin-users";
import { PAGE_ACCESS_REMOVED, PAGES_ASSIGNED, SELECT_PAGES_REQUIRED, ZAssignPages } from "@/lib/schemas/pages";
import type { POST as UnassignPage } from "@/app/api/pages/unassign/route";
import type { POST as AssignPages } from "@/app/api/pages/assign/route";
import type { Answer } from "@/lib/contract/http";

const ASSIGN_FAILED = "Failed to assign pages. Please try again.";
const REMOVE_FAILED = "Failed to remove page access. Please try again.";
export const NO_CHANGES = "No changes made to page assignments";

/**
 * The Assign Pages modal's state (PRODUCT §4): the selection starts as the user's current pages; removing a
 * saved page's chip calls unassign at once; submitting an unchanged selection only says so; otherwise the
 * selection becomes the user's page set.
 */
export function useAssignPages({ userId, initial, onDone }: { userId: string; initial: string[]; onDone(): void }) {
  const [saved, setSaved] = useState<string[]>(initial);
  const [selected, setSelected] = useState<string[]>(initial);
  const [removing, setRemoving] = useState<string | null>(null);
  const [assigning, setAssigning] = useState(false);
  const refreshPages = useRefreshPages();
  const refreshUsers = useRefreshUsers();

  const add = (pageId: string) => setSelected((ids) => (ids.includes(pageId) ? ids : [...ids, pageId]));

  async function remove(pageId: string) {
    // A page picked in this session and not yet saved is simply dropped; nothing to take away on the server.
    if (!saved.includes(pageId)) return setSelected((ids) => ids.filter((id) => id !== pageId));
    setRemoving(pageId);
    try {
      const res = await api<Answer<typeof UnassignPage>>("/api/pages/unassign", { method: "POST", body: { userId, pageId } });
      setSaved((ids) => ids.filter((id) => id !== pageId));
      setSelected((ids) => ids.filter((id) => id !== pageId));
      toast.success(res?.message ?? PAGE_ACCESS_REMOVED);
      void refreshPages();
    } catch (error) {
      toast.error(errorMessage(error, REMOVE_FAILED));
    } finally {
      setRemoving(null);
    }
  }

  async function submit() {
    if (sameSelection(selected, saved)) {
      toast.info(NO_CHANGES);
      return onDone();
    }
    const parsed = ZAssignPages.safeParse({ userId, pageIds: selected });
    if (!parsed.success) return void toast.error(parsed.error.issues[0]?.message ?? SELECT_PAGES_REQUIRED);
    setAssigning(true);
    try {
      const res = await api<Answer<typeof AssignPages>>("/api/pages/assign", { method: "POST", body: parsed.data });
      toast.success(res?.message ?? PAGES_ASSIGNED);
      await Promise.all([refreshPages(), refreshUsers()]);
      onDone();
    } catch (error) {
      toast.error(errorMessage(error, ASSIGN_FAILED));
    } finally {
      setAssigning(false);
    }
  }

  return { saved, selected, add, remove, removing, submit, assigning };
}
