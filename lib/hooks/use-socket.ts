"use client";

import { useEffect, useRef, useState } from "react";
import { CLIENT_EVENTS, SERVER_EVENTS, type CatchUpReply, type ClientSocket, type FeedEntry, type JoinReply } from "@/lib/contract/socket-events";
import { feedOf, PageFeeds } from "@/lib/inbox/page-feeds";
import { SOCKET_OPTIONS } from "@/lib/inbox/constants";
import type { ConversationUpdatedEvent, MessageStatusEvent, MessageUpdatedEvent, NewMessageEvent, SystemEventEvent } from "@/lib/inbox/types";
import type { ThreadControlEvent } from "@/lib/inbox/thread-control";
import type { PageStatus } from "@/lib/schemas/pages";
import type { CommentUpdatedEvent } from "@/lib/contract/comments-api";
import type { CommenterLabelsEvent, CommentNotesEvent } from "@/lib/contract/comment-teamwork-api";

// The inbox's realtime connection (PRODUCT §4, §7, §9): same origin, the session token in the auth data,
// WebSocket only (no sticky sessions needed behind a balancer; docs/DECISIONS.md), reconnecting without end
// (1 s, growing to 5 s, between attempts), 20 s connect timeout. On every connect it joins a room per page
// and the open conversation's room, and once the server confirmed the joins, onReconnect refetches what was
// sent before: the inbox starts its socket only after the list's first paint (docs/PERFORMANCE.md, first
// load), so even the first connection comes after the first fetch.
//
// Events to a Page's room are numbered (server/realtime/page-feed.ts, lib/inbox/page-feeds.ts). A number
// skipped is waited for a moment (two processes' events may cross), then asked for with `catch-up`, which
// brings exactly the events missed; after a reconnect each Page catches up from the last number it has. Only
// when the feed cannot tell (too far behind, Redis lost it) is everything refetched.

/** How far apart an instance's browsers refetch after a resync. */
const RESYNC_SPREAD_MS = 1000;
/** How long a connect waits for the server to confirm a room join before it catches up anyway. */
const JOIN_ACK_TIMEOUT_MS = 5_000;
/** How long a skipped number may take to arrive (another process's event on its way) before it is asked for. */
const GAP_WAIT_MS = 400;

/** Which handler each server event of the inbox goes to. */
const HANDLER_OF = {
  [SERVER_EVENTS.newMessage]: "onNewMessage",
  [SERVER_EVENTS.conversationUpdated]: "onConversationUpdated",
  [SERVER_EVENTS.messageStatus]: "onMessageStatus",
  [SERVER_EVENTS.messageUpdated]: "onMessageUpdated",
  [SERVER_EVENTS.systemEvent]: "onSystemEvent",
  [SERVER_EVENTS.threadControl]: "onThreadControl",
  [SERVER_EVENTS.pageUpdated]: "onPageUpdated",
  [SERVER_EVENTS.commentUpdated]: "onCommentUpdated",
  [SERVER_EVENTS.commentNotes]: "onCommentNotes",
  [SERVER_EVENTS.commenterLabels]: "onCommenterLabels",
} as const satisfies Partial<Record<string, keyof SocketHandlers>>;

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
  /** A comment under one of the Page's posts arrived or changed (the comments view; docs/PRODUCT.md §12). */
  onCommentUpdated?: (event: CommentUpdatedEvent) => void;
  /** A note on a comment changed; a commenter's labels changed (the comments view's team layer). */
  onCommentNotes?: (event: CommentNotesEvent) => void;
  onCommenterLabels?: (event: CommenterLabelsEvent) => void;
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
      const feeds = new PageFeeds();
      const gapTimers = new Map<string, ReturnType<typeof setTimeout>>();
      let connectedBefore = false;
      const refetch = () => {
        if (!cancelled) handlersRef.current.onReconnect?.();
      };
      const dispatch = (name: string, payload: unknown) => {
        const key = HANDLER_OF[name as keyof typeof HANDLER_OF];
        if (key) (handlersRef.current[key] as ((event: unknown) => void) | undefined)?.(payload);
      };
      // An event, live or brought by a catch-up: applied unless this browser has it already.
      const receive = (name: string, payload: unknown) => {
        const feed = feedOf(payload);
        const pageId = (payload as { pageId?: unknown } | null)?.pageId;
        if (!feed || typeof pageId !== "string") return dispatch(name, payload);
        const verdict = feeds.accept(pageId, feed);
        if (verdict === "old") return;
        dispatch(name, payload);
        if (verdict === "gap" && !gapTimers.has(pageId)) {
          gapTimers.set(pageId, setTimeout(() => (gapTimers.delete(pageId), catchUp(pageId, feeds.missing(pageId))), GAP_WAIT_MS));
        }
        // The feed started again (Redis lost it): what it holds from its start is asked for at once.
        if (verdict === "restarted") catchUp(pageId, feeds.missing(pageId));
      };
      // What came after `from` in the Page's feed; a refetch when the feed cannot tell.
      const catchUp = (pageId: string, from: { epoch: string; after: number } | null) => {
        if (!from || cancelled || !s.connected) return;
        void s
          .timeout(JOIN_ACK_TIMEOUT_MS)
          .emitWithAck(CLIENT_EVENTS.catchUp, { pageId, ...from })
          .catch((): CatchUpReply => ({ ok: false, error: "no answer" }))
          .then((reply) => {
            if (cancelled) return;
            if (reply.ok && "events" in reply) return reply.events.forEach((entry: FeedEntry) => receive(entry.event, { ...(entry.payload as object), feed: entry.feed }));
            const newest = feeds.newest(pageId);
            if (newest) feeds.restart(pageId, newest);
            refetch();
          });
      };
      s.on("connect", () => {
        // Events reach the socket only once it is in the rooms: it says "Live" then, and what was fetched
        // before (the first list) is fetched again after the server confirmed the joins, not before. After a
        // reconnect each Page catches up from the last number this browser has instead, where its feed can.
        const pages = [...pagesRef.current];
        const joins = pages.map((pageId) => s.timeout(JOIN_ACK_TIMEOUT_MS).emitWithAck(CLIENT_EVENTS.joinPage, { pageId }).catch((): JoinReply | null => null));
        const thread = conversationRef.current ? s.timeout(JOIN_ACK_TIMEOUT_MS).emitWithAck(CLIENT_EVENTS.joinConversation, { room: conversationRef.current }).catch(() => null) : null;
        const reconnect = connectedBefore;
        connectedBefore = true;
        void Promise.all([Promise.all(joins), thread]).then(([replies]) => {
          if (cancelled || !s.connected) return;
          setStatus("connected");
          let whole = !reconnect;
          replies.forEach((reply, i) => {
            const pageId = pages[i]!;
            const joined = reply?.ok ? feeds.joined(pageId, reply.feed) : "new";
            if (joined === "new") whole = true;
            else catchUp(pageId, feeds.position(pageId));
          });
          if (whole) refetch();
        });
      });
      s.on("disconnect", () => setStatus(s.active ? "connecting" : "disconnected"));
      // A failed attempt while the client keeps trying (the app restarting, a network blip) is still
      // "connecting", the calm state; only a refusal it will not retry (a revoked session) is "disconnected".
      s.on("connect_error", () => setStatus(s.active ? "connecting" : "disconnected"));
      s.io.on("reconnect_attempt", () => setStatus("connecting"));
      s.io.on("reconnect_failed", () => setStatus("disconnected"));
      for (const name of Object.keys(HANDLER_OF)) s.on(name as typeof SERVER_EVENTS.newMessage, (payload: unknown) => receive(name, payload));
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
