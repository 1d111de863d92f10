import { CONVERSATION_PAGE_SIZE, TEXTS } from "@/lib/inbox/constants";
import type { ConversationStatus } from "@/lib/contract/inbox-api";
import type { Channel } from "@/lib/inbox/channels";

// The list filters of PRODUCT §4: Important and Spam are independent toggles; All clears them with search
// and tags; the tag filter is a set of names, sent lowercased as a JSON array.

/**
 * Ownership (beyond the spec): everyone's, the agent's own ("Mine"), nobody's ("Unassigned"), or nobody's in
 * the order the fair queue hands them out ("Queue", docs/PRODUCT.md §13.4: the panel shows the queue view).
 */
export type OwnerFilter = "all" | "mine" | "unassigned" | "queue";

/** A status view, or "due": the "Breaching soon" view of response targets (docs/PRODUCT.md §13.3). */
export type ListView = ConversationStatus | "due";

export type ConversationFilters = {
  search: string;
  important: boolean;
  spam: boolean;
  tags: string[];
  owner?: OwnerFilter;
  /** The Open / Done / Snoozed view (docs/PRODUCT.md §11); absent = every status, as the spec's All. */
  status?: ListView;
  /** One channel of the Page only (beyond the spec); absent: both. */
  channel?: Channel;
  /** The signed-in agent, for matching "Mine" locally (not sent: the server knows who asks). */
  userId?: string | null;
};

export const NO_FILTERS: ConversationFilters = { search: "", important: false, spam: false, tags: [], owner: "all" };

/** Lowercased, trimmed, unique and sorted: the same selection always makes the same request. */
export function normalizeTags(tags: string[]): string[] {
  return [...new Set(tags.map((t) => t.trim().toLowerCase()).filter(Boolean))].sort();
}

export function conversationQuery(filters: ConversationFilters, page: number, cursor?: string | null): Record<string, string | number | undefined> {
  const tags = normalizeTags(filters.tags);
  const search = filters.search.trim();
  return {
    page,
    limit: CONVERSATION_PAGE_SIZE,
    ...(search ? { search } : {}),
    ...(filters.important ? { isImportant: "true" } : {}),
    ...(filters.spam ? { isSpam: "true" } : {}),
    ...(tags.length ? { tags: JSON.stringify(tags) } : {}),
    ...(filters.owner === "mine" ? { assignee: "me" } : filters.owner === "unassigned" || filters.owner === "queue" ? { assignee: "unassigned" } : {}),
    ...(filters.status === "due" ? { due: "true" } : filters.status ? { status: filters.status } : {}),
    ...(filters.channel ? { channel: filters.channel } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

/** Auto-refresh runs only without search, the important filter or tags (PRODUCT §4). */
export function autoRefreshAllowed(filters: ConversationFilters): boolean {
  return !filters.search.trim() && !filters.important && filters.tags.length === 0;
}

export function emptyListText(filters: ConversationFilters): string {
  const search = filters.search.trim();
  if (search) return TEXTS.noSearchResults(search);
  if (filters.tags.length) return TEXTS.noTagged;
  if (filters.important) return TEXTS.noImportant;
  if (filters.owner === "mine") return "No conversations assigned to you";
  if (filters.owner === "unassigned") return "No unassigned conversations";
  if (filters.status) return STATUS_EMPTY[filters.status];
  return TEXTS.noConversations;
}

/** 'All' clears important, search and tags — and spam too, so that All really lists every conversation. */
export function showAll(): ConversationFilters {
  return { ...NO_FILTERS };
}

export function tagCountLabel(count: number): string {
  return `${count} tag(s) selected`;
}

const STATUS_EMPTY: Record<ListView, string> = {
  due: "No conversations near or past their response target",
  open: "No open conversations",
  done: "No conversations marked done",
  snoozed: "No snoozed conversations",
};
