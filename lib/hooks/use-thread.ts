"use client";

import { useCallback, useMemo, useState } from "react";
import useSWRInfinite from "swr/infinite";
import { api } from "@/lib/api/client";
import { LIST_DEDUPE_MS, OLDER_MESSAGES_PAGE_SIZE } from "@/lib/inbox/constants";
import { applyReceipts, historyFromPages, mergeThread, settleOptimistic, upsertIncoming, type Receipts } from "@/lib/inbox/thread-merge";
import type { ThreadPage } from "@/lib/inbox/types";
import type { UiMessage } from "@/lib/inbox/ui-message";

// One conversation's messages (GET /api/conversation/{id}/{pageId}): history newest first, older pages via
// the `after` cursor when the agent scrolls to the top; plus what arrived since (realtime and optimistic
// sends) and the receipts, merged so each message shows once. Mount one per open conversation (keyed),
// so every opening refetches what it shows.

type Key = readonly ["thread", string, string, string | null];

// The first page is the API's default (25: the thread opens fast); older pages are larger, so scrolling back
// through a long thread takes a quarter of the round trips.
const fetchPage = ([, conversationId, pageId, after]: Key) =>
  api<ThreadPage>(`/api/conversation/${encodeURIComponent(conversationId)}/${encodeURIComponent(pageId)}`, { query: after ? { after, limit: OLDER_MESSAGES_PAGE_SIZE } : {} });

export function useThread(conversationId: string | null, pageId: string | null) {
  const swr = useSWRInfinite<ThreadPage, Error>(
    (index: number, previous: ThreadPage | null): Key | null => {
      if (!conversationId || !pageId) return null;
      if (previous && !previous.paging.next) return null;
      return ["thread", conversationId, pageId, previous?.paging.cursors.after ?? null];
    },
    fetchPage,
    { revalidateFirstPage: false, revalidateOnMount: true, revalidateOnFocus: false, dedupingInterval: LIST_DEDUPE_MS },
  );
  const [overlay, setOverlay] = useState<UiMessage[]>([]);
  const [receipts, setReceipts] = useState<Receipts>({});

  const pages = swr.data;
  const messages = useMemo(() => applyReceipts(mergeThread(historyFromPages(pages), overlay), receipts), [pages, overlay, receipts]);
  const hasOlder = Boolean(pages?.at(-1)?.paging.next);
  const loadingOlder = swr.size > 1 && pages !== undefined && typeof pages[swr.size - 1] === "undefined" && hasOlder;
  const { setSize } = swr;

  const loadOlder = useCallback(() => {
    if (hasOlder && !loadingOlder) void setSize((s) => s + 1);
  }, [hasOlder, loadingOlder, setSize]);

  const receive = useCallback((message: UiMessage) => setOverlay((list) => upsertIncoming(list, message)), []);
  const revise = useCallback((message: UiMessage) => setOverlay((list) => upsertIncoming(list, { ...message, revised: true })), []);
  const addOptimistic = useCallback((message: UiMessage) => setOverlay((list) => [...list, message]), []);
  const settle = useCallback((clientId: string, result: UiMessage | null) => setOverlay((list) => settleOptimistic(list, clientId, result)), []);
  const receipt = useCallback((status: "delivered" | "read", watermark: string, mids?: string[]) => {
    const at = new Date(watermark).getTime();
    if (Number.isNaN(at)) return;
    setReceipts((r) => ({
      ...r,
      [status]: Math.max(r[status] ?? 0, at),
      ...(status === "delivered" && mids?.length ? { deliveredMids: [...(r.deliveredMids ?? []), ...mids] } : {}),
    }));
  }, []);

  return {
    messages,
    conversation: pages?.[0]?.conversation ?? null,
    isLoading: swr.isLoading,
    error: swr.error,
    hasOlder,
    loadingOlder,
    loadOlder,
    receive,
    revise,
    addOptimistic,
    settle,
    receipt,
    refresh: swr.mutate,
  };
}

