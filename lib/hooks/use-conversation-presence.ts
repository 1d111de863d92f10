"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { CLIENT_EVENTS, SERVER_EVENTS, type ClientSocket, type PresenceEvent, type Viewer } from "@/lib/contract/socket-events";

// Collision detection in the browser (server/realtime/presence.ts): the open conversation's viewers and
// typists, a heartbeat while it stays open, and the agent's own typing state (idle after a few seconds).

export type { Viewer };

const HEARTBEAT_MS = 10_000;
const TYPING_IDLE_MS = 4_000;

export function useConversationPresence(socket: ClientSocket | null, conversationId: string | null, meId: string | null) {
  const [state, setState] = useState<{ conversationId: string | null; viewers: Viewer[] }>({ conversationId: null, viewers: [] });
  const typing = useRef(false);
  const idle = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!socket) return;
    const onPresence = (event: PresenceEvent) => setState({ conversationId: event.conversationId, viewers: event.viewers });
    socket.on(SERVER_EVENTS.presence, onPresence);
    return () => {
      socket.off(SERVER_EVENTS.presence, onPresence);
    };
  }, [socket]);

  useEffect(() => {
    if (!socket || !conversationId) return;
    const timer = window.setInterval(() => socket.emit(CLIENT_EVENTS.presencePing, { room: conversationId }), HEARTBEAT_MS);
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(idle.current);
      if (typing.current) socket.emit(CLIENT_EVENTS.typing, { room: conversationId, typing: false });
      typing.current = false;
    };
  }, [socket, conversationId]);

  /** The composer changed (true) or the reply went out (false); typing ends by itself when idle. */
  const setTyping = useCallback(
    (active: boolean) => {
      if (!socket || !conversationId) return;
      window.clearTimeout(idle.current);
      if (active) idle.current = window.setTimeout(() => setTyping(false), TYPING_IDLE_MS);
      if (typing.current === active) return;
      typing.current = active;
      socket.emit(CLIENT_EVENTS.typing, { room: conversationId, typing: active });
    },
    [socket, conversationId],
  );

  const others = state.conversationId === conversationId ? state.viewers.filter((v) => v.userId !== meId) : [];
  return { others, setTyping };
}
