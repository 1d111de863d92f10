"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { CLIENT_EVENTS, SERVER_EVENTS, type ClientSocket } from "@/lib/contract/socket-events";
import type { CommentTypingEvent } from "@/lib/contract/comment-teamwork-api";

// "Ann is typing…" under a comment (server/realtime/comment-typing.ts), the conversation thread's collision
// indicator (use-conversation-presence.ts) for the comments view: the agent's own typing state per answer
// form (idle after a few seconds, said again while it lasts so the others do not forget it), and the other
// agents typing under each comment of the Page, forgotten when not heard of for a while.

const TYPING_IDLE_MS = 4_000;
/** Said again while typing: the server lets a repeat through after its heartbeat (10 s). */
const TYPING_REPEAT_MS = 10_000;
/** A typist not heard of for this long stopped (their app instance may have died): the server's PRESENCE_STALE_MS. */
const TYPING_STALE_MS = 25_000;

export type Typist = { userId: string; name: string; typing: boolean };
type Heard = { userId: string; name: string; at: number };

export function useCommentTyping(socket: ClientSocket | null, pageId: string, meId: string | null) {
  const [heard, setHeard] = useState<Map<string, Heard[]>>(new Map());
  const mine = useRef<{ commentId: string; since: number } | null>(null);
  const idle = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!socket) return;
    const onTyping = (event: CommentTypingEvent) => {
      if (event.pageId !== pageId || event.userId === meId) return;
      setHeard((prev) => {
        const next = new Map(prev);
        const others = (next.get(event.commentId) ?? []).filter((t) => t.userId !== event.userId);
        if (event.typing) others.push({ userId: event.userId, name: event.name, at: Date.now() });
        if (others.length) next.set(event.commentId, others);
        else next.delete(event.commentId);
        return next;
      });
    };
    socket.on(SERVER_EVENTS.commentTyping, onTyping);
    // Forget typists not heard of lately (a "stopped" that never came).
    const sweep = window.setInterval(() => {
      const cutoff = Date.now() - TYPING_STALE_MS;
      setHeard((prev) => {
        if (![...prev.values()].some((list) => list.some((t) => t.at < cutoff))) return prev;
        const next = new Map<string, Heard[]>();
        for (const [id, list] of prev) {
          const fresh = list.filter((t) => t.at >= cutoff);
          if (fresh.length) next.set(id, fresh);
        }
        return next;
      });
    }, 5_000);
    return () => {
      socket.off(SERVER_EVENTS.commentTyping, onTyping);
      window.clearInterval(sweep);
    };
  }, [socket, pageId, meId]);

  /** An answer form changed (true: text in it) or closed / sent (false); typing ends by itself when idle. */
  const setTyping = useCallback(
    (commentId: string, active: boolean) => {
      if (!socket) return;
      window.clearTimeout(idle.current);
      const current = mine.current;
      if (!active) {
        if (current?.commentId !== commentId) return;
        mine.current = null;
        socket.emit(CLIENT_EVENTS.commentTyping, { pageId, commentId, typing: false });
        return;
      }
      idle.current = window.setTimeout(() => setTyping(commentId, false), TYPING_IDLE_MS);
      if (current?.commentId === commentId && Date.now() - current.since < TYPING_REPEAT_MS) return;
      mine.current = { commentId, since: Date.now() };
      socket.emit(CLIENT_EVENTS.commentTyping, { pageId, commentId, typing: true });
    },
    [socket, pageId],
  );

  // Leaving the view (or the Page) ends the agent's "typing…".
  useEffect(
    () => () => {
      window.clearTimeout(idle.current);
      if (socket && mine.current) socket.emit(CLIENT_EVENTS.commentTyping, { pageId, commentId: mine.current.commentId, typing: false });
      mine.current = null;
    },
    [socket, pageId],
  );

  const typistsOf = useCallback((commentId: string): Typist[] => (heard.get(commentId) ?? []).map((t) => ({ userId: t.userId, name: t.name, typing: true })), [heard]);
  return { typistsOf, setTyping };
}
