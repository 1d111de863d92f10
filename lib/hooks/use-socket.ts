"use client";

import { useEffect, useRef, useState } from "react";
import { CLIENT_EVENTS, SERVER_EVENTS, type ClientSocket } from "@/lib/contract/socket-events";
import { SOCKET_OPTIONS } from "@/lib/inbox/constants";
import type { ConversationUpdatedEvent, MessageStatusEvent, MessageUpdatedEvent, NewMessageEvent, SystemEventEvent } from "@/lib/inbox/types";
import type { ThreadControlEvent } from "@/lib/inbox/thread-control";
import type { PageStatus } from "@/lib/schemas/pages";

// The inbox's realtime connection (PRODUCT §4, §7, §9): same origin, the session token in the auth data,
// WebSocket only (no sticky sessions needed behind a balancer; docs/DECISIONS.md), reconnecting without end
// (1 s, growing to 5 s, between attempts), 20 s connect timeout. On every connect it joins a room per page
// and the open conversation's room, and once the server confirmed the joins, onReconnect refetches what was
// sent before: the inbox starts its socket only after the list's first paint (docs/PERFORMANCE.md, first
// load), so even the first connection comes after the first fetch.

/** How far apart an instance's browsers refetch after a resync. */
const RESYNC_SPREAD_MS = 1000;
/** How long a connect waits for the server to confirm a room join before it catches up anyway. */
const JOIN_ACK_TIMEOUT_MS = 5_000;

export type SocketStatus = "connecting" | "connected" | "disconnected";

export type SocketHandlers = {
  onNewMessage?: (event: NewMessageEvent) => void;
  onConversationUpdated?: (event: ConversationUpdatedEvent) => void;
  onMessageStatus?: (event: MessageStatusEvent) => void;
  onMessageUpdated?: (event: MessageUpdatedEvent) => void;
  onSystemEvent?: (event: SystemEventEvent) => void;
  /** Handover protocol: a conversation changed hands (docs/API.md "Thread control"). */
  onThreadControl?: (event: ThreadControlEvent) => void;
  /** A page's health changed: Meta blocked, warned or unblocked it, or its handover role changed. */
  onPageUpdated?: (event: PageStatus) => void;
  /**
   * Connected (the first time too: the socket starts after the first fetch) and in its rooms, or told by the
   * server that its Redis was away (SERVER_EVENTS.resync): events sent meanwhile never reached this socket, so
   * what it shows is refetched.
   */
  onReconnect?: () => void;
};

type Options = {
  token: string | null;
  pageIds: string[];
  conversationId: string | null;
  handlers: SocketHandlers;
  /** Hands out the live socket (or null) for features with their own events, e.g. presence. */
  onSocket?: (socket: ClientSocket | null) => void;
};

export function useSocket({ token, pageIds, conversationId, handlers, onSocket }: Options): SocketStatus {
  const [status, setStatus] = useState<SocketStatus>("connecting");
  const socketRef = useRef<ClientSocket | null>(null);
  const handlersRef = useRef(handlers);
  const pagesRef = useRef(pageIds);
  const conversationRef = useRef(conversationId);
  const onSocketRef = useRef(onSocket);
  useEffect(() => {
    onSocketRef.current = onSocket;
    handlersRef.current = handlers;
    pagesRef.current = pageIds;
    conversationRef.current = conversationId;
  });

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    let socket: ClientSocket | null = null;
    setStatus("connecting");
    // The client library loads after the first paint; the connection starts as soon as it is there.
    void import("socket.io-client").then(({ io }) => {
      if (cancelled) return;
      const s: ClientSocket = io(window.location.origin, { auth: { token }, ...SOCKET_OPTIONS });
      socket = s;
      socketRef.current = s;
      onSocketRef.current?.(s);
      s.on("connect", () => {
        // Events reach the socket only once it is in the rooms: it says "Live" then, and what was fetched
        // before (the first list, or everything before a loss) is fetched again after the server confirmed
        // the joins, not before.
        const joins = pagesRef.current.map((pageId) => s.timeout(JOIN_ACK_TIMEOUT_MS).emitWithAck(CLIENT_EVENTS.joinPage, { pageId }).catch(() => null));
        if (conversationRef.current) joins.push(s.timeout(JOIN_ACK_TIMEOUT_MS).emitWithAck(CLIENT_EVENTS.joinConversation, { room: conversationRef.current }).catch(() => null));
        void Promise.all(joins).then(() => {
          if (cancelled || !s.connected) return;
          setStatus("connected");
          handlersRef.current.onReconnect?.();
        });
      });
      s.on("disconnect", () => setStatus(s.active ? "connecting" : "disconnected"));
      // A failed attempt while the client keeps trying (the app restarting, a network blip) is still
      // "connecting", the calm state; only a refusal it will not retry (a revoked session) is "disconnected".
      s.on("connect_error", () => setStatus(s.active ? "connecting" : "disconnected"));
      s.io.on("reconnect_attempt", () => setStatus("connecting"));
      s.io.on("reconnect_failed", () => setStatus("disconnected"));
      s.on(SERVER_EVENTS.newMessage, (event: NewMessageEvent) => handlersRef.current.onNewMessage?.(event));
      s.on(SERVER_EVENTS.conversationUpdated, (event: ConversationUpdatedEvent) => handlersRef.current.onConversationUpdated?.(event));
      s.on(SERVER_EVENTS.messageStatus, (event: MessageStatusEvent) => handlersRef.current.onMessageStatus?.(event));
      s.on(SERVER_EVENTS.messageUpdated, (event: MessageUpdatedEvent) => handlersRef.current.onMessageUpdated?.(event));
      s.on(SERVER_EVENTS.systemEvent, (event: SystemEventEvent) => handlersRef.current.onSystemEvent?.(event));
      s.on(SERVER_EVENTS.threadControl, (event: ThreadControlEvent) => handlersRef.current.onThreadControl?.(event));
      s.on(SERVER_EVENTS.pageUpdated, (event: PageStatus) => handlersRef.current.onPageUpdated?.(event));
      // The app server and each worker may announce the same outage: one refetch, spread over a second so
      // an instance's browsers do not all ask at the same moment.
      let resyncTimer: ReturnType<typeof setTimeout> | null = null;
      s.on(SERVER_EVENTS.resync, () => {
        resyncTimer ??= setTimeout(() => {
          resyncTimer = null;
          if (!cancelled) handlersRef.current.onReconnect?.();
        }, Math.random() * RESYNC_SPREAD_MS);
      });
    });

    return () => {
      cancelled = true;
      if (socket) {
        socket.removeAllListeners();
        socket.io.removeAllListeners();
        socket.disconnect();
      }
      socketRef.current = null;
      onSocketRef.current?.(null);
    };
  }, [token]);

  // Pages that appear later (a page assigned meanwhile) are joined as they come.
  const pagesKey = pageIds.join(",");
  useEffect(() => {
    const socket = socketRef.current;
    if (!socket?.connected || !pagesKey) return;
    for (const pageId of pagesKey.split(",")) socket.emit(CLIENT_EVENTS.joinPage, { pageId });
  }, [pagesKey, status]);

  useEffect(() => {
    const socket = socketRef.current;
    if (!socket?.connected) return;
    if (conversationId) socket.emit(CLIENT_EVENTS.joinConversation, { room: conversationId });
    return () => {
      if (conversationId && socket.connected) socket.emit(CLIENT_EVENTS.leaveConversation, { room: conversationId });
    };
  }, [conversationId, status]);

  return status;
}
