"use client";

import { useState } from "react";
import { toast } from "@/lib/toast";
import { useSWRConfig } from "swr";
import { REPLY_TEXTS, replyId } from "@/components/inbox/saved-replies/reply-rules";
import { api, ApiError } from "@/lib/api/client";
import { savedRepliesKey } from "@/lib/hooks/use-saved-replies";
import type { ApiSavedReply } from "@/lib/schemas/replies";

/** Create, update and delete a page's saved replies; each success toasts and refreshes the savedReplies cache. */
export function useSavedReplyActions(pageId: string) {
  const { mutate } = useSWRConfig();
  const [saving, setSaving] = useState(false);

  async function save(editing: ApiSavedReply | null, fields: { shortcut: string; message: string }): Promise<boolean> {
    if (saving) return false;
    const body = { shortcut: fields.shortcut.trim(), message: fields.message.trim(), page_id: pageId };
    setSaving(true);
    try {
      if (editing) await api<ApiSavedReply>(`/api/replies/${encodeURIComponent(replyId(editing))}`, { method: "PUT", body });
      else await api<ApiSavedReply>("/api/replies", { method: "POST", body });
      toast.success(editing ? REPLY_TEXTS.updated : REPLY_TEXTS.saved);
      void mutate(savedRepliesKey(pageId));
      return true;
    } catch (error) {
      // A refusal the form did not foresee (e.g. an older tab) says why, as the API words it (PRODUCT §13.2).
      const refusal = error instanceof ApiError && error.status === 400 ? error.fields.message : undefined;
      toast.error(refusal ?? (editing ? REPLY_TEXTS.updateFailed : REPLY_TEXTS.saveFailed));
      return false;
    } finally {
      setSaving(false);
    }
  }

  async function remove(reply: ApiSavedReply): Promise<void> {
    try {
      await api(`/api/replies/${encodeURIComponent(replyId(reply))}`, { method: "DELETE" });
    } catch (error) {
      toast.error(REPLY_TEXTS.deleteFailed);
      throw error;
    }
    toast.success(REPLY_TEXTS.deleted);
    void mutate(savedRepliesKey(pageId), (replies?: ApiSavedReply[]) => replies?.filter((r) => replyId(r) !== replyId(reply)), { revalidate: true });
  }

  return { saving, save, remove };
}
