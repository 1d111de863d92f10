"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
// Colour emoji for every machine (the font stack is --font-inbox in globals.css); only /chats loads it.
import "twemoji-colr-font/twemoji.css";
import { useSWRConfig } from "swr";
import { useAuth } from "@/components/auth/auth-provider";
import { api } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import { SEARCH_DEBOUNCE_MS } from "@/lib/inbox/constants";
import { emptyListText, NO_FILTERS, type ConversationFilters } from "@/lib/inbox/filters";
import { patchConversation, replaceConversation } from "@/lib/inbox/list-cache";
import type { ConversationListItem } from "@/lib/inbox/types";
import { useConversations } from "@/lib/hooks/use-conversations";
import { useDebouncedValue } from "@/lib/hooks/use-debounced-value";
import { useInboxShortcuts } from "@/lib/hooks/use-inbox-shortcuts";
import { stepCursor } from "@/lib/inbox/shortcuts";
import { KeyboardIcon } from "@/components/inbox/inbox-icons";
import { useConversationPresence } from "@/lib/hooks/use-conversation-presence";
import { useUnreadTitle } from "@/lib/hooks/use-unread-title";
import type { ClientSocket } from "@/lib/contract/socket-events";
import { useMediaQuery } from "@/lib/hooks/use-media-query";
import { adjustPage, PAGES_KEY, usePages, type PagesResponse } from "@/lib/hooks/use-pages";
import { Button } from "@/components/ui/button";
import { InboxEmptyState } from "@/components/inbox/inbox-empty-state";
import { InboxHeader } from "@/components/inbox/inbox-header";
import { ConversationPanel } from "@/components/inbox/list/conversation-panel";
import { PageTabs } from "@/components/inbox/page-tabs";
import { LazyDetailsDrawer, LazyInboxLive, LazyRightPanel, LazyShortcutsSheet, LazyThreadPane } from "@/components/inbox/lazy-panes";
import { ViewSwitch, type InboxView } from "@/components/inbox/comments/view-switch";
import { CommentsMain } from "@/components/inbox/comments/comments-main";
import { can } from "@/lib/access/permissions";
import { RightPanelHint } from "@/components/inbox/panel/right-panel-hint";
import { PageStatusBanner } from "@/components/inbox/page-status-banner";
import type { ThreadSink } from "@/lib/hooks/use-inbox-realtime";
import type { SocketStatus } from "@/lib/hooks/use-socket";
import { TagNamesProvider } from "@/components/inbox/tag-names";

type ListFlags = Omit<ConversationFilters, "search">;

/**
 * /chats (PRODUCT §2): the header with page tabs, the conversation list, the open thread and the right panel.
 * Phones show the list, or the open thread full-screen with a back button; the right panel is a side
 * column from 1280 px and a slide-over below.
 */
export function InboxScreen() {
  const { user, token } = useAuth();
  const { mutate } = useSWRConfig();
  const pagesQuery = usePages(Boolean(token));
  const pages = useMemo(() => pagesQuery.data?.pages ?? [], [pagesQuery.data]);
  const [chosenPageId, setChosenPageId] = useState<string | null>(null);
  // The first loaded page is selected when none is (PRODUCT §2).
  const pageId = chosenPageId && pages.some((p) => p.id === chosenPageId) ? chosenPageId : (pages[0]?.id ?? null);

  const [searchInput, setSearchInput] = useState("");
  const debouncedSearch = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [flags, setFlags] = useState<ListFlags>({ ...NO_FILTERS });
  const userId = user?.id ?? null;
  const filters = useMemo<ConversationFilters>(() => ({ ...flags, userId, search: searchInput.trim() ? debouncedSearch : "" }), [flags, userId, searchInput, debouncedSearch]);
  const list = useConversations(pageId, filters);
  const mutateList = list.mutate;
  // An imported history shows up at once, not on the next 60 s refresh.
  const refreshAfterImport = useCallback(() => void mutateList(), [mutateList]);

  const [selected, setSelected] = useState<ConversationListItem | null>(null);
  // Conversations or the comments under the Page's posts (docs/PRODUCT.md §12); kept across page switches.
  const [view, setView] = useState<InboxView>("conversations");
  const [detailsOpen, setDetailsOpen] = useState(false);
  const isWide = useMediaQuery("(min-width: 1280px)");
  const sinkRef = useRef<ThreadSink | null>(null);
  const [socket, setSocket] = useState<ClientSocket | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const selectPage = useCallback(
    (id: string) => {
      if (id === pageId) return;
      // A page switch clears search, labels, filters, the open conversation and its messages (PRODUCT §4).
      setChosenPageId(id);
      setSearchInput("");
      setFlags({ ...NO_FILTERS });
      setSelected(null);
      setDetailsOpen(false);
    },
    [pageId],
  );

  const openConversation = useCallback(
    (item: ConversationListItem) => {
      const hadUnread = item.unread_count > 0 || item.is_new_message;
      // Opened from the comments view, a toast or a shortcut: the thread is in the Conversations view.
      setView("conversations");
      setSelected({ ...item, unread_count: 0, is_new_message: false });
      if (!hadUnread) return;
      void mutateList((data) => (data ? patchConversation(data, item.id, { unread_count: 0, is_new_message: false }) : data), { revalidate: false });
      if (item.unread_count > 0) void mutate<PagesResponse>(PAGES_KEY, (data) => adjustPage(data, item.page_id, { unread: -1 }), { revalidate: false });
      void api("/api/conversations/mark-read", { method: "PUT", body: { conversationId: item.id } }).catch(() => {});
    },
    [mutateList, mutate],
  );

  const openById = useCallback(
    (id: string, given?: ConversationListItem) => {
      const item = given ?? list.conversations.find((c) => c.id === id);
      if (item) openConversation(item);
    },
    [list.conversations, openConversation],
  );

  const onConversation = useCallback(
    (item: ConversationListItem, refetchList: boolean) => {
      // The open conversation is being read: keep it read whatever a racing response says.
      const open = { ...item, unread_count: 0, is_new_message: false };
      setSelected((prev) => (prev && prev.id === item.id ? open : prev));
      void mutateList((data) => (data ? replaceConversation(data, open, filters) : data), { revalidate: refetchList });
    },
    [mutateList, filters],
  );

  const [status, setStatus] = useState<SocketStatus>("connecting");
  const live = useAfterFirstPaint(!pagesQuery.isLoading && !(pageId && list.isLoading));
  const presence = useConversationPresence(socket, selected?.id ?? null, user?.id ?? null);
  useUnreadTitle(pages.reduce((sum, p) => sum + p.unreadCount, 0));

  const [cursorId, setCursorId] = useState<string | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  useInboxShortcuts({
    searchRef,
    onStep: (direction) => {
      const items = list.conversations;
      if (!items.length) return;
      const index = selected ? items.findIndex((c) => c.id === selected.id) : -1;
      const next = index < 0 ? (direction === 1 ? 0 : items.length - 1) : index + direction;
      const target = items[next];
      if (target) openConversation(target);
    },
    onCursor: (direction) => {
      const ids = list.conversations.map((c) => c.id);
      const from = cursorId && ids.includes(cursorId) ? cursorId : (selected?.id ?? null);
      setCursorId(stepCursor(ids, from, direction));
    },
    onOpenCursor: () => {
      const item = list.conversations.find((c) => c.id === cursorId);
      if (!item) return false;
      openConversation(item);
      return true;
    },
    onHelp: () => setHelpOpen(true),
  });

  if (!user) return null;

  const tabs = <PageTabs pages={pages} selectedId={pageId} onSelect={selectPage} loading={pagesQuery.isLoading} view={flags.status} />;
  const viewSwitch = pageId && can(user.role, "comments.read") ? <ViewSwitch view={view} onView={setView} commentsUnread={pages.find((p) => p.id === pageId)?.commentUnreadCount} /> : null;
  const rightPanel = !pageId ? null : selected ? <LazyRightPanel pageId={pageId} conversation={selected} /> : <RightPanelHint />;

  return (
    <div className="flex h-dvh flex-col overflow-hidden bg-slate-50 font-inbox">
      <InboxHeader
        status={status}
        tabs={tabs}
        extra={
          <button type="button" onClick={() => setHelpOpen(true)} aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)" className="flex size-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 max-md:hidden">
            <KeyboardIcon className="size-5" />
          </button>
        }
      />
      {live && (
        <LazyInboxLive
          token={token}
          pageIds={pages.map((p) => p.id)}
          pageId={pageId}
          selectedId={selected?.id ?? null}
          filters={filters}
          mutateList={mutateList}
          onSelectedChange={(item) => setSelected((prev) => (prev && prev.id === item.id ? { ...item, unread_count: 0, is_new_message: false } : prev))}
          sinkRef={sinkRef}
          onOpen={(targetPageId, item) => {
            if (targetPageId !== pageId) selectPage(targetPageId);
            openConversation(item);
          }}
          onSocket={setSocket}
          onStatus={setStatus}
        />
      )}
      <PageStatusBanner page={pages.find((p) => p.id === pageId)} onImported={refreshAfterImport} />
      {helpOpen && <LazyShortcutsSheet open onOpenChange={setHelpOpen} />}
      <TagNamesProvider pageId={pageId}>
      {view === "comments" && viewSwitch && pageId ? (
        <CommentsMain pageId={pageId} viewSwitch={viewSwitch} onOpenConversation={openConversation} socket={socket} />
      ) : (
      <main className="flex min-h-0 flex-1">
        <div className={cn("min-h-0 w-full shrink-0 border-r border-slate-200 md:w-80", selected && "max-md:hidden")}>
          {pageId ? (
            <ConversationPanel
              key={pageId}
              pageId={pageId}
              viewSwitch={viewSwitch}
              filters={filters}
              searchInput={searchInput}
              onSearchInput={setSearchInput}
              searchRef={searchRef}
              onAll={() => {
                setFlags({ ...NO_FILTERS });
                setSearchInput("");
              }}
              onToggleImportant={() => setFlags((f) => ({ ...f, important: !f.important }))}
              onToggleSpam={() => setFlags((f) => ({ ...f, spam: !f.spam }))}
              onOwner={(owner) => setFlags((f) => ({ ...f, owner }))}
              onTags={(tags) => setFlags((f) => ({ ...f, tags }))}
              onStatus={(status) => setFlags((f) => ({ ...f, status }))}
              statusCounts={pages.find((p) => p.id === pageId)?.statusCounts}
              channels={pages.find((p) => p.id === pageId)?.channels ?? ["messenger"]}
              onChannel={(channel) => setFlags((f) => ({ ...f, channel }))}
              onRefresh={() => void mutateList()}
              refreshing={list.isValidating && !list.isLoading}
              list={{
                conversations: list.conversations,
                isLoading: list.isLoading,
                error: list.error,
                emptyText: emptyListText(filters),
                hasNextPage: list.hasNextPage,
                loadingMore: list.loadingMore,
                onLoadMore: () => void list.loadMore(),
                cursorId,
              }}
              selectedId={selected?.id ?? null}
              onOpen={openById}
            />
          ) : (
            <NoPages loading={pagesQuery.isLoading} failed={Boolean(pagesQuery.error)} onRetry={() => void pagesQuery.mutate()} />
          )}
        </div>
        <div className={cn("min-h-0 min-w-0 flex-1", !selected && "max-md:hidden")}>
          {selected && pageId ? (
            <LazyThreadPane
              key={selected.id}
              conversation={selected}
              senderName={user.name}
              sinkRef={sinkRef}
              onConversation={onConversation}
              onBack={() => {
                // Phones: the list comes back in place of the thread; focus returns to the row that was open.
                setSelected(null);
                requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(selected.id)}"]`)?.focus());
              }}
              onOpenDetails={isWide ? null : () => setDetailsOpen(true)}
              others={presence.others}
              onTyping={presence.setTyping}
            />
          ) : (
            <InboxEmptyState />
          )}
        </div>
        {isWide && <aside className="min-h-0 w-80 shrink-0 overflow-y-auto border-l border-slate-200 bg-white">{rightPanel}</aside>}
      </main>
      )}
      {!isWide && detailsOpen && selected && (
        <LazyDetailsDrawer open onOpenChange={setDetailsOpen}>
          {rightPanel}
        </LazyDetailsDrawer>
      )}
      </TagNamesProvider>
    </div>
  );
}

/**
 * True once `ready` (the tabs and the first list page are on screen, or failed) has been drawn, and from then
 * on: what the first paint does not need (the socket) starts only then.
 */
function useAfterFirstPaint(ready: boolean): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (!ready || after) return;
    // requestAnimationFrame runs before the frame is drawn; the timeout after it, once it was.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setAfter(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, after]);
  return after;
}

function NoPages({ loading, failed, onRetry }: { loading: boolean; failed: boolean; onRetry: () => void }) {
  if (loading) return <p className="px-6 py-12 text-center text-sm text-slate-500">Loading pages...</p>;
  if (failed) {
    return (
      <div role="alert" className="px-6 py-12 text-center">
        <p className="text-sm font-medium text-slate-900">Failed to load pages</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  return <p className="px-6 py-12 text-center text-sm text-slate-500">No pages are assigned to you yet. Ask your administrator to connect one.</p>;
}
