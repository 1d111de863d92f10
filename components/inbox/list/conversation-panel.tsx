"use client";

import { useState, type ReactNode, type Ref } from "react";
import type { ConversationFilters, ListView, OwnerFilter } from "@/lib/inbox/filters";
import { RefreshIcon } from "@/components/ui/icons";
import { ConversationList, type ListState } from "@/components/inbox/list/conversation-list";
import { FilterButtons } from "@/components/inbox/list/filter-buttons";
import { SearchBox } from "@/components/inbox/list/search-box";
import { TagFilter } from "@/components/inbox/list/tag-filter";
import { StatusViews } from "@/components/inbox/list/status-views";
import { LazyBulkBar } from "@/components/inbox/lazy-panes";
import type { ConversationStatus } from "@/lib/contract/inbox-api";
import { ChannelFilter } from "@/components/inbox/list/channel-filter";
import type { Channel } from "@/lib/inbox/channels";
import type { ConversationListItem } from "@/lib/inbox/types";
import { QueueList } from "@/components/inbox/list/queue-list";

type Props = {
  pageId: string;
  /** Conversations / Comments (components/inbox/comments/view-switch.tsx), above the panel's own heading. */
  viewSwitch?: ReactNode;
  filters: ConversationFilters;
  searchInput: string;
  onSearchInput: (value: string) => void;
  searchRef: Ref<HTMLInputElement>;
  onAll: () => void;
  onToggleImportant: () => void;
  onToggleSpam: () => void;
  onOwner: (owner: OwnerFilter) => void;
  onTags: (tags: string[]) => void;
  /** The Open / Done / Snoozed views and the page's count of each (docs/PRODUCT.md §11). */
  onStatus: (status: ListView | undefined) => void;
  statusCounts: Record<ConversationStatus, number> | undefined;
  /** The Page's channels: the channel filter shows when there is more than one. */
  channels: Channel[];
  onChannel: (channel: Channel | undefined) => void;
  onRefresh: () => void;
  refreshing: boolean;
  list: ListState;
  selectedId: string | null;
  /** A row of the list by id; the queue view (not the list's rows) gives its item too. */
  onOpen: (id: string, item?: ConversationListItem) => void;
};

/** The left panel 'Conversations' (PRODUCT §2): Refresh, All/Important/Spam, search, tag filter, the list. */
export function ConversationPanel(props: Props) {
  const { pageId, viewSwitch, filters, searchInput, onSearchInput, searchRef, onAll, onToggleImportant, onToggleSpam, onOwner, onTags, onStatus, statusCounts, channels, onChannel, onRefresh, refreshing, list, selectedId, onOpen } = props;
  // The bulk selection lives with the panel, which the inbox re-creates per page: a page switch clears it.
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <section aria-labelledby="conversations-heading" className="flex h-full min-h-0 flex-col bg-white">
      <div className="space-y-2.5 border-b border-slate-200 px-3 pt-3 pb-3">
        {viewSwitch}
        <div className="flex items-center justify-between">
          <h2 id="conversations-heading" className="text-base font-semibold text-slate-900">
            Conversations
          </h2>
          <button type="button" onClick={onRefresh} aria-label="Refresh" title="Refresh" className="flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600">
            <RefreshIcon className={refreshing ? "size-4 animate-spin" : "size-4"} />
          </button>
        </div>
        <FilterButtons important={filters.important} spam={filters.spam} owner={filters.owner ?? "all"} onAll={onAll} onToggleImportant={onToggleImportant} onToggleSpam={onToggleSpam} onOwner={onOwner} />
        <StatusViews status={filters.status} counts={statusCounts} onStatus={onStatus} />
        <SearchBox value={searchInput} onChange={onSearchInput} inputRef={searchRef} />
        <TagFilter pageId={pageId} selected={filters.tags} onChange={onTags} />
        {channels.length > 1 && <ChannelFilter channel={filters.channel} onChannel={onChannel} />}
      </div>
      {picked.size > 0 && (
        <LazyBulkBar
          pageId={pageId}
          ids={[...picked]}
          onClear={() => setPicked(new Set())}
          onDone={() => {
            setPicked(new Set());
            onRefresh();
          }}
        />
      )}
      {filters.owner === "queue" ? (
        <QueueList pageId={pageId} selectedId={selectedId} onOpen={(item) => onOpen(item.id, item)} />
      ) : (
        <ConversationList {...list} search={filters.search} selectedId={selectedId} onRetry={onRefresh} onOpen={onOpen} selection={{ ids: picked, onToggle: toggle }} />
      )}
    </section>
  );
}
