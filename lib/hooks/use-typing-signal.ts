"use client";

import { useCallback, useEffect, useRef } from "react";
import { api } from "@/lib/api/client";

// The customer sees "typing…" while an agent types (GUIDE §3 sender actions): typing_on at most every 5 s
// while keys are pressed, typing_off once the agent sends or stops typing for 5 s. The server decides
// whether the window allows it (POST /api/conversations/sender-action); failures are silent — a courtesy
// signal never bothers the agent.

export const TYPING_REPEAT_MS = 5_000;
export const TYPING_IDLE_MS = 5_000;

type Target = { conversationId: string; pageId: string } | null;

export function useTypingSignal(target: Target) {
  const lastOn = useRef(0);
  const idle = useRef<number | undefined>(undefined);
  const current = useRef(target);
  useEffect(() => {
    current.current = target;
  });

  const signal = useCallback((action: "typing_on" | "typing_off") => {
    const t = current.current;
    if (!t) return;
    void api("/api/conversations/sender-action", { method: "POST", body: { conversationId: t.conversationId, pageId: t.pageId, action } }).catch(() => {});
  }, []);

  const stop = useCallback(() => {
    window.clearTimeout(idle.current);
    idle.current = undefined;
    if (!lastOn.current) return;
    lastOn.current = 0;
    signal("typing_off");
  }, [signal]);

  /** Call on every keystroke that changes the draft. */
  const typed = useCallback(
    (draft: string) => {
      if (!draft.trim()) return stop();
      const now = Date.now();
      if (now - lastOn.current >= TYPING_REPEAT_MS) {
        lastOn.current = now;
        signal("typing_on");
      }
      window.clearTimeout(idle.current);
      idle.current = window.setTimeout(stop, TYPING_IDLE_MS);
    },
    [signal, stop],
  );

  // Leaving the conversation ends the signal there.
  const conversationId = target?.conversationId;
  useEffect(() => () => stop(), [conversationId, stop]);

  return { typed, stop };
}
