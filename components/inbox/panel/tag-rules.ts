// Tag helpers of the labels panel (PRODUCT §7 Labels) and its texts (PRODUCT §8), kept free of React for tests.

export const TAG_TEXTS = {
  assigned: "Label Assigned",
  assignFailed: "Failed to assign label, please try again",
  removed: "Label Removed",
  removeFailed: "Failed to remove label, please try again",
} as const;

export const LABEL_TEXTS = {
  created: "Label Created Successfully",
  createFailed: "Failed to create label. Please try again.",
  deleted: "Label Deleted Successfully",
  deleteFailed: "Failed to delete label, please try again",
  loadFailed: "Failed to load labels",
  noneAssigned: "No Label Assigned Yet",
  explainer: "Use labels to describe and organise people. Labels are visible only to people who manage this Page.",
} as const;

/** Every cached conversation list (the SWR keys of lib/hooks/use-conversations.ts). */
export function isConversationListKey(key: unknown): boolean {
  return Array.isArray(key) ? key[0] === "conversations" : typeof key === "string" && key.startsWith("/api/conversations/");
}

/**
 * useSWRInfinite lists (lib/hooks/use-conversations.ts) live under "$inf$" + the hash of their first page's
 * key, which a filter mutate skips; these are refreshed by their cache key instead.
 */
export function isInfiniteConversationListKey(cacheKey: string): boolean {
  return cacheKey.startsWith("$inf$") && (cacheKey.includes('"conversations"') || cacheKey.includes("/api/conversations/"));
}

export function sameTag(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
