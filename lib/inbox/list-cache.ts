import type { ConversationListItem, ConversationPage } from "@/lib/inbox/types";
import { normalizeTags, type ConversationFilters } from "@/lib/inbox/filters";

// Pure updates of the loaded conversation pages (the infinite list's cache) for realtime events and local
// changes, so the list changes in place without a refetch.

export function flattenConversations(pages: ConversationPage[] | undefined): ConversationListItem[] {
  if (!pages) return [];
  const seen = new Set<string>();
  const out: ConversationListItem[] = [];
  for (const page of pages) {
    for (const item of page?.data ?? []) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}

/** Whether an item belongs in the list under these filters (search is checked against name and last message). */
export function matchesFilters(item: ConversationListItem, filters: ConversationFilters): boolean {
  if (filters.spam !== item.is_spam) return false;
  if (filters.important && !item.is_important) return false;
  if (filters.owner === "mine" && (!filters.userId || item.assignee?._id !== filters.userId)) return false;
  if (filters.owner === "unassigned" && item.assignee) return false;
  if (filters.status === "due") {
    // The server picks the rows near their target; a live row stays while its reply is still awaited.
    if (item.status !== "open" || !item.response_due_at) return false;
  } else if (filters.status && item.status !== filters.status) return false;
  if (filters.channel && item.channel !== filters.channel) return false;
  const tags = normalizeTags(filters.tags);
  if (tags.length && !item.tags.some((t) => tags.includes(t.tag.toLowerCase()))) return false;
  const search = filters.search.trim().toLowerCase();
  if (search && !item.from_name.toLowerCase().includes(search) && !item.last_message.toLowerCase().includes(search)) return false;
  return true;
}

function mapPages(pages: ConversationPage[], fn: (items: ConversationListItem[], index: number) => ConversationListItem[]): ConversationPage[] {
  return pages.map((page, index) => {
    const data = fn(page.data, index);
    return data === page.data ? page : { ...page, data };
  });
}

export function containsConversation(pages: ConversationPage[] | undefined, id: string): boolean {
  return Boolean(pages?.some((p) => p.data.some((c) => c.id === id)));
}

/** Changes one row where it is (flags, unread, tags). */
export function patchConversation(pages: ConversationPage[], id: string, patch: Partial<ConversationListItem>): ConversationPage[] {
  return mapPages(pages, (items) => (items.some((c) => c.id === id) ? items.map((c) => (c.id === id ? { ...c, ...patch } : c)) : items));
}

/**
 * A conversation changed without a new message: replaced in place, or dropped when it no longer matches. One
 * not listed that now matches (snoozed while the Snoozed view shows, or a view loaded just before the change
 * it shows was written) goes to its place by time — unless a search is active (the server also searches older
 * messages) or the view is "Breaching soon" (the server picks the rows near their target).
 */
export function replaceConversation(pages: ConversationPage[], item: ConversationListItem, filters: ConversationFilters): ConversationPage[] {
  const keep = matchesFilters(item, filters);
  if (!containsConversation(pages, item.id)) return keep && !filters.search.trim() && filters.status !== "due" ? placeByTime(pages, item) : pages;
  return mapPages(pages, (items) => {
    if (!items.some((c) => c.id === item.id)) return items;
    return keep ? items.map((c) => (c.id === item.id ? { ...c, ...item } : c)) : items.filter((c) => c.id !== item.id);
  });
}

/**
 * A new message: the row moves to its place by time (the top for a message of now). A conversation not loaded yet is added when it matches the
 * filters and no search is active (the server also searches older messages, which we cannot see here).
 */
export function moveToTop(pages: ConversationPage[], item: ConversationListItem, filters: ConversationFilters): ConversationPage[] {
  if (!pages.length) return pages;
  const present = containsConversation(pages, item.id);
  const insert = matchesFilters(item, filters) && (present || !filters.search.trim());
  const without = mapPages(pages, (items) => (items.some((c) => c.id === item.id) ? items.filter((c) => c.id !== item.id) : items));
  return insert ? placeByTime(without, item) : without;
}

/**
 * Inserts a row the pages do not hold where the list's order (the last message's time) puts it: a back-dated
 * message (a late delivery, an import) goes below today's conversations; past the loaded rows it waits for paging.
 */
function placeByTime(pages: ConversationPage[], item: ConversationListItem): ConversationPage[] {
  if (!pages.length) return pages;
  const at = Date.parse(item.updated_time);
  let placed = false;
  const result = pages.map((page) => {
    if (placed) return page;
    const index = page.data.findIndex((c) => Date.parse(c.updated_time) <= at);
    if (index < 0) return page;
    placed = true;
    return { ...page, data: [...page.data.slice(0, index), item, ...page.data.slice(index)] };
  });
  if (placed) return result;
  const lastPage = result.at(-1)!;
  return lastPage.pagination.hasNextPage ? result : result.map((page, i) => (i === result.length - 1 ? { ...page, data: [...page.data, item] } : page));
}
