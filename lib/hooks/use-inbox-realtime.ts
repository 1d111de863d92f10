"use client";

import { useEffect, useRef, type RefObject } from "react";
import { toast } from "@/lib/toast";
import { useSWRConfig } from "swr";
import type { SWRInfiniteKeyedMutator } from "swr/infinite";
import { api } from "@/lib/api/client";
import { NEW_MESSAGE_TOAST_MS } from "@/lib/inbox/constants";
import type { ConversationFilters } from "@/lib/inbox/filters";
import { moveToTop, replaceConversation } from "@/lib/inbox/list-cache";
import { playNewMessageSound } from "@/lib/inbox/sound";
import { notifyDesktop } from "@/lib/inbox/desktop-notify";
import type { ConversationListItem, ConversationPage, ConversationUpdatedEvent, MessageStatusEvent, MessageUpdatedEvent, NewMessageEvent, SystemEventEvent } from "@/lib/inbox/types";
import { attachmentPreview } from "@/lib/inbox/message-kinds";
import { toUiMessage, type UiMessage } from "@/lib/inbox/ui-message";
import { adjustPage, PAGES_KEY, type PagesResponse } from "@/lib/hooks/use-pages";
import { useSocket } from "@/lib/hooks/use-socket";
import type { ClientSocket } from "@/lib/contract/socket-events";
import { threadControlKey } from "@/lib/hooks/use-thread-control";
import type { ThreadControlEvent } from "@/lib/inbox/thread-control";
import type { PageStatus } from "@/lib/schemas/pages";
import type { CommentsPage, CommentUpdatedEvent } from "@/lib/contract/comments-api";
import { applyCommentEvent, commentsCacheKey } from "@/lib/hooks/use-comments";
import { applyCommenterLabelsEvent, applyCommentNotesEvent } from "@/lib/hooks/use-comment-teamwork";

// The socket events applied to what the inbox shows (PRODUCT §4 Realtime, §9): the list row updated in place
// (moved to the top on a new message), the open thread appended to, tab unread counts, and for customers'
// messages a sound and a 5 s toast.

/** What the open thread takes from the socket (thread-pane.tsx registers it). */
export type ThreadSink = {
  conversationId: string;
  receive: (m: UiMessage) => void;
  revise: (m: UiMessage) => void;
  receipt: (status: "delivered" | "read", watermark: string, mids?: string[]) => void;
  /** Refetches the thread (after the socket reconnected: it may have missed messages). */
  refresh: () => void;
};

export type InboxRealtimeOptions = {
  token: string | null;
  pageIds: string[];
  pageId: string | null;
  selectedId: string | null;
  filters: ConversationFilters;
  mutateList: SWRInfiniteKeyedMutator<ConversationPage[]>;
  onSelectedChange: (item: ConversationListItem) => void;
  sinkRef: RefObject<ThreadSink | null>;
  onOpen: (pageId: string, item: ConversationListItem) => void;
  onSocket?: (socket: ClientSocket | null) => void;
};

const PAGES_REFRESH_DELAY_MS = 1_500;

function preview(event: NewMessageEvent): string {
  const m = event.message;
  if (m.message) return m.message.length > 140 ? `${m.message.slice(0, 140)}…` : m.message;
  if (m.is_sticker) return "Sent a sticker";
  if (m.is_image || m.attachments?.data?.length) return "Sent an image";
  return attachmentPreview(
    (m.media ?? []).map((a) => ({ type: a.type, name: a.name ?? undefined, title: a.title ?? undefined, url: a.url ?? undefined, booking: a.booking ? { status: a.booking.status ?? undefined } : undefined })),
  );
}

export function useInboxRealtime(options: InboxRealtimeOptions) {
  const { mutate } = useSWRConfig();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const pagesTimer = useRef<number | undefined>(undefined);
  // Alerts still on screen, by conversation: a name that arrives after the message renames them.
  const recentAlerts = useRef(new Map<string, { event: NewMessageEvent; withToast: boolean; until: number }>());
  useEffect(() => () => window.clearTimeout(pagesTimer.current), []);

  // Counts on the tabs come from the server shortly after a burst of events (new conversations, reads).
  function refreshPagesSoon() {
    window.clearTimeout(pagesTimer.current);
    pagesTimer.current = window.setTimeout(() => void mutate(PAGES_KEY), PAGES_REFRESH_DELAY_MS);
  }

  function onNewMessage(event: NewMessageEvent) {
    const { pageId, selectedId, filters, mutateList, onSelectedChange, sinkRef } = latest.current;
    const inbound = event.message.direction === "inbound";
    const isOpen = event.conversationId === selectedId;
    let item = event.conversation;
    const viewing = isOpen && typeof document !== "undefined" && document.visibilityState === "visible";

    if (isOpen && inbound) {
      item = { ...item, unread_count: 0, is_new_message: false };
      void api("/api/conversations/mark-read", { method: "PUT", body: { conversationId: event.conversationId } }).catch(() => {});
    }
    if (event.pageId === pageId) void mutateList((pages) => (pages ? moveToTop(pages, item, filters) : pages), { revalidate: false });
    if (isOpen) {
      onSelectedChange(item);
      if (sinkRef.current?.conversationId === event.conversationId) sinkRef.current.receive(toUiMessage(event.message));
    }
    if (!inbound) return;

    if (!isOpen && event.conversation.unread_count === 1 && !event.conversation.is_spam) {
      void mutate<PagesResponse>(PAGES_KEY, (data) => adjustPage(data, event.pageId, { unread: 1 }), { revalidate: false });
    }
    refreshPagesSoon();
    playNewMessageSound();
    alertNewMessage(event, !viewing);
  }

  /**
   * The toast and the desktop notification. A first contact is announced at once under its fallback name
   * (the profile lookup comes after the message); when the name arrives while the alert is still up, the
   * same toast id and notification tag replace it with the real name.
   */
  function alertNewMessage(event: NewMessageEvent, withToast: boolean) {
    const { onOpen } = latest.current;
    for (const [id, alert] of recentAlerts.current) if (alert.until < Date.now()) recentAlerts.current.delete(id);
    recentAlerts.current.set(event.conversationId, { event, withToast, until: Date.now() + NEW_MESSAGE_TOAST_MS });
    notifyDesktop(event, () => onOpen(event.pageId, event.conversation));
    if (!withToast) return;
    const name = event.conversation.from_name || event.message.from?.name || "a customer";
    toast(`New message from ${name}`, {
      id: `new-message-${event.conversationId}`,
      description: preview(event),
      duration: NEW_MESSAGE_TOAST_MS,
      action: { label: "Open", onClick: () => onOpen(event.pageId, event.conversation) },
    });
  }

  function renameRecentAlert(conversationId: string, conversation: ConversationListItem) {
    const recent = recentAlerts.current.get(conversationId);
    if (!recent) return;
    if (recent.until < Date.now()) return void recentAlerts.current.delete(conversationId);
    if (recent.event.conversation.from_name === conversation.from_name) return;
    alertNewMessage({ ...recent.event, conversation: { ...recent.event.conversation, from_name: conversation.from_name } }, recent.withToast);
  }

  function onConversationUpdated(event: ConversationUpdatedEvent) {
    const { pageId, selectedId, filters, mutateList, onSelectedChange } = latest.current;
    if (event.pageId === pageId) void mutateList((pages) => (pages ? replaceConversation(pages, event.conversation, filters) : pages), { revalidate: false });
    if (event.conversationId === selectedId) onSelectedChange(event.conversation);
    renameRecentAlert(event.conversationId, event.conversation);
    refreshPagesSoon();
  }

  /** A reaction, edit, unsend or copied attachment: the bubble changes in place, the list row may too. */
  function onMessageUpdated(event: MessageUpdatedEvent) {
    const { pageId, selectedId, filters, mutateList, onSelectedChange, sinkRef } = latest.current;
    if (event.pageId === pageId) void mutateList((pages) => (pages ? replaceConversation(pages, event.conversation, filters) : pages), { revalidate: false });
    if (event.conversationId !== selectedId) return;
    onSelectedChange(event.conversation);
    if (sinkRef.current?.conversationId === event.conversationId) sinkRef.current.revise(toUiMessage(event.message));
  }

  function onMessageStatus(event: MessageStatusEvent) {
    const sink = latest.current.sinkRef.current;
    if (sink && sink.conversationId === event.conversationId) sink.receipt(event.status, event.watermark, event.mids);
  }

  /** A customer's system event: a quiet line in the open thread. No sound, no toast, no unread, no change to the list. */
  function onSystemEvent(event: SystemEventEvent) {
    const { selectedId, sinkRef } = latest.current;
    if (event.conversationId === selectedId && sinkRef.current?.conversationId === event.conversationId) sinkRef.current.receive(toUiMessage(event.message));
  }

  /**
   * A conversation changed hands: the open thread's header and composer follow (their cache entry), and a
   * thread passed to Switchboard comes up in the list as waiting for an agent.
   */
  function onThreadControl(event: ThreadControlEvent) {
    const { pageId, selectedId, filters, mutateList, onSelectedChange } = latest.current;
    void mutate(threadControlKey(event.conversationId), event.control, { revalidate: false });
    if (!event.conversation) return;
    const item = event.conversation;
    if (event.pageId === pageId) void mutateList((pages) => (pages ? moveToTop(pages, item, filters) : pages), { revalidate: false });
    if (event.conversationId === selectedId) onSelectedChange(item);
    refreshPagesSoon();
  }

  /** Meta blocked, warned or unblocked a page (or its handover role changed): the banner and the composer follow. */
  function onPageUpdated(event: PageStatus) {
    void mutate<PagesResponse>(PAGES_KEY, (data) => data && { pages: data.pages.map((p) => (p.id === event.pageId ? { ...p, health: event.health, policy: event.policy } : p)) }, { revalidate: false });
  }

  /**
   * A comment arrived or changed: the Page's comments view, if it was loaded, shows it (no sound or toast). A post
   * it had not loaded is fetched whole. The tabs' and the Comments switch's unread counts come from the server
   * shortly after (docs/PRODUCT.md §12), as for conversations.
   */
  function onCommentUpdated(event: CommentUpdatedEvent) {
    refreshPagesSoon();
    const key = commentsCacheKey(event.pageId);
    let refetch = false;
    const update = (pages: CommentsPage[] | undefined) => {
      const result = applyCommentEvent(pages, event);
      refetch = result.refetch;
      return result.pages;
    };
    void mutate<CommentsPage[]>(key, update, { revalidate: false }).then(() => refetch && mutate(key));
  }

  /**
   * The socket is back after a loss (the app restarted, the network dropped, Redis restarted under the app):
   * messages stored meanwhile never reached it, so the list, the open thread and the tab counts are fetched
   * again rather than trusted.
   */
  function onReconnect() {
    void latest.current.mutateList();
    latest.current.sinkRef.current?.refresh();
    void mutate(PAGES_KEY);
    if (latest.current.pageId) void mutate(commentsCacheKey(latest.current.pageId));
  }

  return useSocket({
    token: options.token,
    pageIds: options.pageIds,
    conversationId: options.selectedId,
    handlers: {
      onNewMessage, onConversationUpdated, onMessageStatus, onMessageUpdated, onSystemEvent, onThreadControl, onPageUpdated, onCommentUpdated, onReconnect,
      // The comments view's team layer (lib/hooks/use-comment-teamwork.ts).
      onCommentNotes: (event) => applyCommentNotesEvent(mutate, event),
      onCommenterLabels: (event) => applyCommenterLabelsEvent(mutate, event),
    },
    onSocket: options.onSocket,
  });
}
