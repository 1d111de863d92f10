"use client";

import useSWR from "swr";
import { api } from "@/lib/api/client";
import type { ApiSavedReply } from "@/lib/schemas/replies";

// The page's saved replies (PRODUCT §7 GET /replies/{pageId}); the "savedReplies" query of PRODUCT §7 After
// successes. Shared by the popover and the composer's suggestions, so both read one cache entry.

/** PRODUCT §9: saved replies are fresh for 5 min. */
export const SAVED_REPLIES_FRESH_MS = 5 * 60_000;

export function savedRepliesKey(pageId: string): string {
  return `/api/replies/${encodeURIComponent(pageId)}`;
}

/** Queries only when a page is selected (PRODUCT §7). */
export function useSavedReplies(pageId: string | null | undefined) {
  return useSWR<ApiSavedReply[]>(pageId ? savedRepliesKey(pageId) : null, (url: string) => api<ApiSavedReply[]>(url), {
    dedupingInterval: SAVED_REPLIES_FRESH_MS,
    focusThrottleInterval: SAVED_REPLIES_FRESH_MS,
  });
}
