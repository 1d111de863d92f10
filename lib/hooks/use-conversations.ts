"use client";

import { useMemo } from "react";
import useSWRInfinite from "swr/infinite";
import { api } from "@/lib/api/client";
import { AUTO_REFRESH_MS, LIST_DEDUPE_MS, TEXTS } from "@/lib/inbox/constants";
import { autoRefreshAllowed, conversationQuery, normalizeTags, type ConversationFilters, type OwnerFilter } from "@/lib/inbox/filters";
import { flattenConversations } from "@/lib/inbox/list-cache";
import type { ConversationPage } from "@/lib/inbox/types";

// The infinite conversation list of a page (PRODUCT §4, §7): 15 per page; the next page continues from the
// previous one's keyset cursor so rows never repeat while new messages reorder the list. Always stale
// (revalidated on mount and focus), auto-refreshed every 60 s only without search, important or tags.

type Key = readonly ["conversations", string, string, boolean, boolean, string, number, string | null, OwnerFilter, ConversationFilters["status"]];

async function fetchPage([, pageId, search, important, spam, tags, page, cursor, owner, status]: Key): Promise<ConversationPage> {
  try {
    return await api<ConversationPage>(`/api/conversations/${encodeURIComponent(pageId)}`, {
      query: conversationQuery({ search, important, spam, tags: JSON.parse(tags) as string[], owner, status }, page, cursor),
    });
  } catch (error) {
    throw new Error(TEXTS.fetchFailed, { cause: error });
  }
}

export function useConversations(pageId: string | null, filters: ConversationFilters) {
  const tags = JSON.stringify(normalizeTags(filters.tags));
  const search = filters.search.trim();
  const swr = useSWRInfinite<ConversationPage, Error>(
    (index: number, previous: ConversationPage | null): Key | null => {
      if (!pageId) return null;
      if (previous && !previous.pagination.hasNextPage) return null;
      return ["conversations", pageId, search, filters.important, filters.spam, tags, index + 1, previous?.pagination.nextCursor ?? null, filters.owner ?? "all", filters.status];
    },
    fetchPage,
    {
      dedupingInterval: LIST_DEDUPE_MS,
      refreshInterval: autoRefreshAllowed(filters) ? AUTO_REFRESH_MS : 0,
    },
  );
  const pages = swr.data;
  // One array per change of the pages, not per render: the list's rows and callbacks depend on it.
  const conversations = useMemo(() => flattenConversations(pages), [pages]);
  const last = pages?.at(-1);
  const hasNextPage = Boolean(last?.pagination.hasNextPage);
  const loadingMore = swr.size > 0 && pages !== undefined && typeof pages[swr.size - 1] === "undefined" && hasNextPage;
  return {
    ...swr,
    conversations,
    hasNextPage,
    loadingMore,
    loadMore: () => (hasNextPage && !loadingMore ? swr.setSize((s) => s + 1) : undefined),
  };
}
