"use client";

import useSWRInfinite from "swr/infinite";
import { api } from "@/lib/api/client";
import type { AuditPage } from "@/lib/contract/audit-api";

// The audit log screen's list (GET /api/audit, docs/API.md "Audit log"): newest first, each "Load more"
// fetches the next page from the previous one's cursor. Changing a filter starts again from the first page.

export type AuditFilters = { action: string; actor: string; from: string; to: string };

type Key = readonly ["audit", string, string, string, string, string | null];

/** A local day (YYYY-MM-DD from a date input) as the instant its midnight is here; `next` gives the day after's. */
function localMidnight(day: string, next = false): string | undefined {
  if (!day) return undefined;
  const [y, m, d] = day.split("-").map(Number);
  const date = new Date(y!, m! - 1, d! + (next ? 1 : 0));
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

const fetchPage = ([, action, actor, from, to, cursor]: Key) =>
  api<AuditPage>("/api/audit", {
    query: { action: action || undefined, actor: actor || undefined, from: localMidnight(from), to: localMidnight(to, true), cursor: cursor ?? undefined },
  });

export function useAuditLog(filters: AuditFilters) {
  const swr = useSWRInfinite<AuditPage, Error>(
    (index, previous: AuditPage | null): Key | null =>
      previous && !previous.nextCursor ? null : ["audit", filters.action, filters.actor, filters.from, filters.to, previous?.nextCursor ?? null],
    fetchPage,
    { revalidateOnFocus: false },
  );
  const pages = swr.data;
  const hasMore = Boolean(pages?.at(-1)?.nextCursor);
  return {
    entries: pages?.flatMap((p) => p.entries) ?? [],
    actors: pages?.[0]?.actors ?? [],
    loaded: Boolean(pages),
    error: swr.error,
    isValidating: swr.isValidating,
    retry: () => void swr.mutate(),
    hasMore,
    loadingMore: hasMore && swr.size > (pages?.length ?? 0),
    loadMore: () => void swr.setSize((s) => s + 1),
  };
}
