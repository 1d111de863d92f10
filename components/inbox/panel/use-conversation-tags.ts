"use client";

import { useState } from "react";
import { useSWRConfig } from "swr";
import { toast } from "@/lib/toast";
import { api } from "@/lib/api/client";
import type { ConversationListItem, ConversationTag } from "@/lib/inbox/types";
import type { TagsResponse } from "@/lib/schemas/labels";
import { isConversationListKey, isInfiniteConversationListKey, TAG_TEXTS } from "@/components/inbox/panel/tag-rules";

// Assigning and removing a conversation's tags (PRODUCT §7 Labels): the calls, their toasts (PRODUCT §8), the
// tags to show until the conversation list catches up, and the list refresh.

/** Refreshes every cached conversation list (plain and infinite), e.g. after its tags changed. */
export function useRefreshConversationLists() {
  const { cache, mutate } = useSWRConfig();
  return () => {
    void mutate(isConversationListKey);
    for (const key of cache.keys()) if (isInfiniteConversationListKey(key)) void mutate(key);
  };
}

type Override = { conversationId: string; base: string; tags: ConversationTag[] };

export function useConversationTags(conversation: ConversationListItem) {
  const refreshLists = useRefreshConversationLists();
  // The server's answer wins until the conversation prop itself changes (list refetch or socket update).
  const base = JSON.stringify(conversation.tags);
  const [override, setOverride] = useState<Override | null>(null);
  const tags = override && override.conversationId === conversation.id && override.base === base ? override.tags : conversation.tags;
  const [busyTag, setBusyTag] = useState<string | null>(null);

  const target = { senderId: conversation.from_id, pageId: conversation.page_id, conversationId: conversation.id };

  async function run(tag: string, call: () => Promise<TagsResponse>, success: string, failure: string): Promise<boolean> {
    setBusyTag(tag);
    try {
      const result = await call();
      setOverride({ conversationId: conversation.id, base, tags: result.tags });
      toast.success(success);
      refreshLists();
      return true;
    } catch {
      toast.error(failure);
      return false;
    } finally {
      setBusyTag(null);
    }
  }

  function assign(label: { name: string; color: string }) {
    return run(
      label.name,
      () => api<TagsResponse>("/api/page-labels/assign", { method: "POST", body: { ...target, tags: [{ tag: label.name, color: label.color }] } }),
      TAG_TEXTS.assigned,
      TAG_TEXTS.assignFailed,
    );
  }

  function remove(tag: string) {
    return run(
      tag,
      () => api<TagsResponse>("/api/page-labels/remove-tag", { method: "POST", body: { ...target, tagToRemove: tag } }),
      TAG_TEXTS.removed,
      TAG_TEXTS.removeFailed,
    );
  }

  return { tags, busyTag, assign, remove };
}
