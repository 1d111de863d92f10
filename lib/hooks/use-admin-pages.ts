"use client";

import useSWR, { useSWRConfig } from "swr";
import { api } from "@/lib/api/client";
import type { ApiPage } from "@/lib/schemas/pages";
import { CLIENT_EVENTS, SERVER_EVENTS } from "@/lib/contract/socket-events";
import { useRoomEvents } from "@/lib/hooks/use-room-events";
import { importing, useImportPolling } from "@/lib/hooks/use-pages";

// Pages for the admin screens (GET /api/pages, /api/pages/{id}, /api/pages/user/{userId}). PRODUCT §9: pages
// are cached for 2 min and not refetched on window focus; changes revalidate them explicitly.

const PAGES_CACHE_MS = 2 * 60_000;
const OPTIONS = { dedupingInterval: PAGES_CACHE_MS, revalidateOnFocus: false } as const;

export const ADMIN_PAGES_KEY = "/api/pages";

export type UserPage = ApiPage & { owned?: boolean; assigned?: boolean };
export type UserPagesResponse = {
  user: { _id: string; name: string; email: string; role: string } | null;
  pages: UserPage[];
  total: number;
};

/** The list endpoints answer `{pages, total}`; an array is accepted too. */
function pagesOf<T>(data: unknown): T[] {
  if (Array.isArray(data)) return data as T[];
  const pages = (data as { pages?: unknown } | null)?.pages;
  return Array.isArray(pages) ? (pages as T[]) : [];
}

export function userPagesKey(userId: string): string {
  return `/api/pages/user/${encodeURIComponent(userId)}`;
}

export function pageKey(id: string): string {
  return `/api/pages/${encodeURIComponent(id)}`;
}

/** Any pages query (all pages, one page, a user's pages): refreshed after every page change. */
export function isPagesKey(key: unknown): boolean {
  return typeof key === "string" && key.startsWith("/api/pages") && !key.startsWith("/api/pages/me");
}

export function useAdminPages() {
  const query = useSWR<ApiPage[]>(ADMIN_PAGES_KEY, async (url: string) => pagesOf<ApiPage>(await api(url)), OPTIONS);
  useImportPolling(importing(query.data), query.mutate);
  return query;
}

export function useAdminPage(id: string | null) {
  const query = useSWR<ApiPage>(id ? pageKey(id) : null, (url: string) => api<ApiPage>(url), OPTIONS);
  useImportPolling(importing(query.data ? [query.data] : undefined), query.mutate);
  return query;
}

/** The user-pages query of PRODUCT §7: the pages a user owns or is assigned. */
export function useUserPages(userId: string | null) {
  return useSWR<UserPagesResponse>(
    userId ? userPagesKey(userId) : null,
    async (url: string) => {
      const data = await api<unknown>(url);
      const pages = pagesOf<UserPage>(data);
      const user = (data as { user?: UserPagesResponse["user"] } | null)?.user ?? null;
      return { user: Array.isArray(data) ? null : user, pages, total: pages.length };
    },
    { ...OPTIONS, dedupingInterval: 0 },
  );
}

/** Revalidates every admin pages query (and the inbox's own pages list, which may have changed too). */
export function useRefreshPages() {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => isPagesKey(key) || key === "/api/pages/me");
}

/**
 * The Page screens follow `page-updated` (Meta blocked, warned or unblocked a page; its handover role
 * changed) for the pages they show, and fetch them again when one comes — and once in the rooms: a block
 * Meta sent between the first fetch and the join reached no one (an e2e run on a busy machine showed a page
 * still healthy after its block had been stored).
 */
export function useLivePageHealth(token: string | null, pageIds: string[]): void {
  const refresh = useRefreshPages();
  useRoomEvents({ token, pageIds, join: CLIENT_EVENTS.joinPageAdmin, event: SERVER_EVENTS.pageUpdated, onEvent: () => void refresh(), onResync: () => void refresh() });
}
