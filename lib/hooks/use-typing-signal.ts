"use client";

import { useEffect, useMemo } from "react";
import { api } from "@/lib/api/client";
import { createTypingSignal } from "@/lib/inbox/typing-signal";

// The composer's typing signals to the customer (rules in lib/inbox/typing-signal.ts). The server decides
// whether the window allows them (POST /api/conversations/sender-action); failures are silent — a courtesy
// signal never bothers the agent. One signal per open conversation; leaving it ends the "typing…".

export function useTypingSignal(target: { conversationId: string; pageId: string }) {
  const { conversationId, pageId } = target;
  const signal = useMemo(
    () =>
      createTypingSignal((action) => {
        void api("/api/conversations/sender-action", { method: "POST", body: { conversationId, pageId, action } }).catch(() => {});
      }),
    [conversationId, pageId],
  );
  useEffect(() => () => signal.stop(), [signal]);
  return signal;
}
