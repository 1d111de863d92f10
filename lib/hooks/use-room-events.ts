"use client";

import { useEffect, useRef, useState } from "react";
import { io } from "socket.io-client";
import { SOCKET_OPTIONS } from "@/lib/inbox/constants";
import { CLIENT_EVENTS, type ClientSocket, type ServerEventName, type ServerEventPayload } from "@/lib/contract/socket-events";

// A back-office screen's live events: one socket, a room per listed page, one event.

const JOIN_ACK_TIMEOUT_MS = 5_000;

/** The back-office rooms a screen may follow, one per page. */
type JoinEvent = typeof CLIENT_EVENTS.joinOffers | typeof CLIENT_EVENTS.joinPageAdmin;

export type RoomEventsOptions<E extends ServerEventName> = {
  token: string | null;
  pageIds: string[];
  /** The join event per page and the server event to listen to (lib/contract/socket-events.ts). */
  join: JoinEvent;
  event: E;
  onEvent: (payload: ServerEventPayload<E>) => void;
  /** Called once the socket is (re)connected and in its rooms: events sent before then were missed. */
  onResync?: () => void;
};

/**
 * Live events of a room per page over the app's Socket.IO connection (same origin, `auth: { token }`), for
 * the back-office screens: the socket joins each listed page's room (`join`) and hands every `event` to
 * `onEvent`. Returns whether it is connected.
 */
export function useRoomEvents<E extends ServerEventName>({ token, pageIds, join, event, onEvent, onResync }: RoomEventsOptions<E>): boolean {
  const [connected, setConnected] = useState(false);
  const socketRef = useRef<ClientSocket | null>(null);
  const joinRef = useRef<((pages: string[]) => void) | null>(null);
  const handlerRef = useRef({ onEvent, onResync, join, event });
  const pagesKey = pageIds.join(",");
  const pagesRef = useRef(pagesKey);
  const joinedRef = useRef(new Set<string>());
  useEffect(() => {
    handlerRef.current = { onEvent, onResync, join, event };
    pagesRef.current = pagesKey;
  });

  useEffect(() => {
    if (!token) return;
    const socket: ClientSocket = io(window.location.origin, { auth: { token }, ...SOCKET_OPTIONS });
    socketRef.current = socket;
    // Rooms are joined with an acknowledgement; once in them, the list is fetched again to catch up on
    // events sent before (a fast offer can finish between the first fetch and the join).
    function joinThenResync(target: ClientSocket, pages: string[]) {
      for (const pageId of pages) joinedRef.current.add(pageId);
      const joins = pages.map((pageId) => target.timeout(JOIN_ACK_TIMEOUT_MS).emitWithAck(handlerRef.current.join, { pageId }).catch(() => null));
      void Promise.all(joins).then(() => {
        if (target.connected) handlerRef.current.onResync?.();
      });
    }
    joinRef.current = (pages) => joinThenResync(socket, pages);

    socket.on("connect", () => {
      setConnected(true);
      joinedRef.current = new Set();
      joinThenResync(socket, pagesRef.current ? pagesRef.current.split(",") : []);
    });
    socket.on("disconnect", () => setConnected(false));
    socket.on("connect_error", () => setConnected(false));
    // One listener shape for every event of the contract: the payload is the event's own (RoomEventsOptions).
    socket.on(handlerRef.current.event, ((payload: ServerEventPayload<E>) => handlerRef.current.onEvent(payload)) as never);

    return () => {
      joinRef.current = null;
      socket.removeAllListeners();
      socket.disconnect();
      socketRef.current = null;
      setConnected(false);
    };
  }, [token]);

  // Pages that become known later (the lists load after the socket connects) are joined as they come.
  useEffect(() => {
    if (!connected || !socketRef.current?.connected || !pagesKey) return;
    const fresh = pagesKey.split(",").filter((pageId) => !joinedRef.current.has(pageId));
    if (fresh.length) joinRef.current?.(fresh);
  }, [pagesKey, connected]);

  return connected;
}
