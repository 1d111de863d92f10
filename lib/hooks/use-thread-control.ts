"use client";

import useSWR, { type KeyedMutator } from "swr";
import { api } from "@/lib/api/client";
import type { PassTarget, ThreadControl } from "@/lib/inbox/thread-control";

// Who controls the open conversation under Meta's handover protocol (docs/API.md "Thread control"): read
// once when the thread opens, then kept current by the socket's `thread-control` (use-inbox-realtime.ts
// writes into the same cache entry) and by the answers of Take control and Pass back.

export const threadControlKey = (conversationId: string) => ["thread-control", conversationId] as const;

export function useThreadControl(conversationId: string, pageId: string) {
  return useSWR<ThreadControl>(threadControlKey(conversationId), () => api<ThreadControl>("/api/conversations/thread-control", { query: { conversationId, pageId } }), {
    revalidateOnFocus: false,
    dedupingInterval: 30_000,
  });
}

export type ControlOutcome = { outcome: "taken" | "requested" | "already" | "passed"; message: string; control: ThreadControl };

export function takeControl(conversationId: string, pageId: string): Promise<ControlOutcome> {
  return api<ControlOutcome>("/api/conversations/take-control", { method: "POST", body: { conversationId, pageId } });
}

export function passControl(conversationId: string, pageId: string, target: PassTarget): Promise<ControlOutcome> {
  return api<ControlOutcome>("/api/conversations/pass-control", { method: "POST", body: { conversationId, pageId, target } });
}

export type ThreadControlMutator = KeyedMutator<ThreadControl>;
