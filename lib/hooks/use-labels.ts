"use client";

import useSWR from "swr";
import { api } from "@/lib/api/client";
import type { Label } from "@/lib/inbox/types";

// The page's labels (PRODUCT §7 GET /labels/{pageId}); the "pageLabels" query of PRODUCT §7 After successes.

/** PRODUCT §9: labels are fresh for 5 min in the label modal and 10 min in the tag filter. */
export const LABELS_FRESH_MS = { modal: 5 * 60_000, filter: 10 * 60_000 } as const;

export function labelsKey(pageId: string): string {
  return `/api/labels/${encodeURIComponent(pageId)}`;
}

/** Every page's labels in the cache: refreshed together after a change, whichever page id form a screen used. */
export function isLabelsKey(key: unknown): boolean {
  return typeof key === "string" && key.startsWith("/api/labels/");
}

/**
 * SWR of the page's labels; no request without a page. `freshForMs` is how long a cached answer is reused
 * without asking again (on mount or focus): the modal's 5 min by default, LABELS_FRESH_MS.filter for the filter.
 */
export function useLabels(pageId: string | null, freshForMs: number = LABELS_FRESH_MS.modal) {
  return useSWR<Label[]>(pageId ? labelsKey(pageId) : null, (url: string) => api<Label[]>(url), {
    dedupingInterval: freshForMs,
    focusThrottleInterval: freshForMs,
    keepPreviousData: false,
  });
}
