// Inbox constants of PRODUCT §9 (and the few the brief adds), in one place.

export const CONVERSATION_PAGE_SIZE = 15;
/** Older messages load 100 at a time (the API's most) when the agent scrolls up a thread; the first page is 25. */
export const OLDER_MESSAGES_PAGE_SIZE = 100;
export const SEARCH_DEBOUNCE_MS = 500;
/** Infinite scroll: checked at most every 200 ms, loading when within 150 px of the bottom. */
export const SCROLL_THROTTLE_MS = 200;
export const LOAD_MORE_THRESHOLD_PX = 150;
/** The list refreshes every 60 s, only without search, important filter or tags. */
export const AUTO_REFRESH_MS = 60_000;
export const ROW_TAG_LIMIT = 2;

/** Page strip: arrows above 4 pages, each click scrolls 60 % of the strip. */
export const PAGE_STRIP_ARROWS_ABOVE = 4;
export const PAGE_STRIP_SCROLL_STEP = 0.6;
export const PAGE_STRIP_SCROLL_RESET_MS = 150;
export const SCROLL_INTO_VIEW_DELAY_MS = 100;

/** Caching (PRODUCT §9): pages for 2 min without focus refetch; the list is always stale. */
export const PAGES_CACHE_MS = 120_000;
export const LIST_DEDUPE_MS = 2_000;

export const NEW_MESSAGE_TOAST_MS = 5_000;
/** A customer whose last message is younger than this shows 'Active now'. */
export const ACTIVE_NOW_MS = 5 * 60_000;

export const MESSAGE_IMAGE_MAX_PX = 280;
export const EMOJI_PICKER_SIZE = { width: 300, height: 400 } as const;

/**
 * Realtime (PRODUCT §9): reconnection delay 1000 ms, 5 attempts, connect timeout 20000 ms. WebSocket only,
 * not "polling then websocket" as PRODUCT §7 says: behind a plain load balancer polling needs sticky sessions
 * (each poll must reach the instance holding the session); see docs/DECISIONS.md.
 */
export const SOCKET_OPTIONS = {
  transports: ["websocket"],
  // Without end, 1 s growing to 5 s between attempts: an app restarted or replaced after a crash comes back
  // in seconds, and a socket that gave up would leave the agent without live messages (issue 30). Each
  // reconnect refetches what the socket missed meanwhile (use-inbox-realtime.ts, onReconnect).
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  timeout: 20_000,
};

export const TEXTS = {
  noConversations: "No conversations found",
  noSearchResults: (search: string) => `No conversations found for "${search}"`,
  noImportant: "No important conversations found",
  noTagged: "No conversations found with selected tags",
  noMore: "No more conversations to load",
  loadFailed: "Failed to load conversations",
  fetchFailed: "Failed to fetch conversations",
  tryAgain: "Try again",
  noTags: "No tags available",
  noTagsFound: "No tags found",
  sendFailed: "Failed to send message, please try again",
  dropImagesOnly: "Please drop only image files",
  violationTitle: "Security Violation Alert: Unauthorized content detected in your message",
  success: "Success",
} as const;

/** The thread header's height (px), set while it is on screen: one or two lines of controls, by pane width. */
export const THREAD_HEADER_HEIGHT_VAR = "--thread-header-height";
