"use client";

import { useEffect } from "react";
import useSWR from "swr";
import { api } from "@/lib/api/client";
import { PAGES_CACHE_MS } from "@/lib/inbox/constants";
import type { InboxPage } from "@/lib/inbox/types";

// The agent's pages for the tab strip (GET /api/pages/me). PRODUCT §9: cached for 2 min, no refetch on focus.

export const PAGES_KEY = "/api/pages/me";

export type PagesResponse = { pages: InboxPage[] };

/** While a page imports its history, its progress is polled (the banner's "Importing history… 40/100"). */
export const IMPORT_POLL_MS = 3_000;
export const importing = (pages: { import: { state: string } | null }[] | undefined) => Boolean(pages?.some((p) => p.import?.state === "running"));

/**
 * Re-fetches every IMPORT_POLL_MS while `active`. By hand rather than SWR's refreshInterval: that one
 * revalidates with deduping, which the 2-minute pages cache (PRODUCT §9) would swallow.
 */
export function useImportPolling(active: boolean, refetch: () => unknown): void {
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void refetch(), IMPORT_POLL_MS);
    return () => clearInterval(timer);
  }, [active, refetch]);
}

export function usePages(enabled = true) {
  const query = useSWR<PagesResponse>(enabled ? PAGES_KEY : null, (url: string) => api<PagesResponse>(url), {
    dedupingInterval: PAGES_CACHE_MS,
    revalidateOnFocus: false,
  });
  useImportPolling(importing(query.data?.pages), query.mutate);
  return query;
}

/** A page's tab counts changed locally (a new unread conversation, one opened). */
export function adjustPage(data: PagesResponse | undefined, pageId: string, change: { unread?: number }): PagesResponse | undefined {
  if (!data) return data;
  return {
    pages: data.pages.map((p) => (p.id === pageId ? { ...p, unreadCount: Math.max(0, p.unreadCount + (change.unread ?? 0)) } : p)),
  };
}

/** A page's unread comments as the server counted them (an answer of POST /api/comments/mark-read). */
export function adjustCommentUnread(data: PagesResponse | undefined, pageId: string, unread: number): PagesResponse | undefined {
  return data && { pages: data.pages.map((p) => (p.id === pageId ? { ...p, commentUnreadCount: unread } : p)) };
}
