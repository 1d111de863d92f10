"use client";

import useSWR from "swr";
import { api, apiUrl } from "@/lib/api/client";
import type { ApiNote } from "@/lib/schemas/notes";

// A conversation's notes, newest first (PRODUCT §7 GET /notes?pageId&conversationId).

/** PRODUCT §9: notes are fresh for 2 min (no refetch on mount or focus within that). */
export const NOTES_FRESH_MS = 2 * 60_000;

export function notesKey(pageId: string, conversationId: string): string {
  return apiUrl("/api/notes", { pageId, conversationId });
}

export function useNotes(pageId: string | null, conversationId: string | null) {
  return useSWR<ApiNote[]>(pageId && conversationId ? notesKey(pageId, conversationId) : null, (url: string) => api<ApiNote[]>(url), {
    dedupingInterval: NOTES_FRESH_MS,
    focusThrottleInterval: NOTES_FRESH_MS,
  });
}
