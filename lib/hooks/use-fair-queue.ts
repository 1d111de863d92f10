"use client";

import useSWR from "swr";
import { api } from "@/lib/api/client";
import type { AwayState, QueueView } from "@/lib/contract/queue-api";
import type { AgentCapacity } from "@/lib/schemas/fair-queue";

// The fair queue in the browser (docs/PRODUCT.md §13.4; docs/API.md, Fair queue): a page's Unassigned queue
// and switch, the signed-in agent's away state, and an agent's capacity in the back office.

/** Hand-outs happen on the server at any time: the view refreshes itself while it is shown. */
const QUEUE_REFRESH_MS = 10_000;

export function useQueue(pageId: string | null) {
  return useSWR<QueueView>(pageId ? ["/api/inbox/queue", pageId] : null, ([path, id]: [string, string]) => api<QueueView>(path, { query: { pageId: id } }), {
    refreshInterval: QUEUE_REFRESH_MS,
  });
}

export function saveFairQueue(pageId: string, fairQueue: boolean): Promise<QueueView> {
  return api<QueueView>("/api/inbox/queue", { method: "PUT", body: { pageId, fairQueue } });
}

export function useAway(enabled: boolean) {
  return useSWR<AwayState>(enabled ? "/api/inbox/away" : null, (path: string) => api<AwayState>(path), { revalidateOnFocus: false });
}

export function saveAway(away: boolean): Promise<AwayState> {
  return api<AwayState>("/api/inbox/away", { method: "PUT", body: { away } });
}

export function useAgentCapacity(userId: string | null) {
  return useSWR<AgentCapacity>(userId ? `/api/users/${encodeURIComponent(userId)}/capacity` : null, (path: string) => api<AgentCapacity>(path), { revalidateOnFocus: false });
}

export function saveCapacity(userId: string, capacity: number): Promise<AgentCapacity> {
  return api<AgentCapacity>(`/api/users/${encodeURIComponent(userId)}/capacity`, { method: "PUT", body: { capacity } });
}
