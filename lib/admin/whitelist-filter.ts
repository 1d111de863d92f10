import type { WhitelistEntry } from "@/lib/admin/types";

// PRODUCT §5 Searches: the whitelist search matches the url or the creator's name, case-insensitively.

export function filterWhitelist(entries: readonly WhitelistEntry[], search: string): WhitelistEntry[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...entries];
  return entries.filter(
    (entry) => entry.url.toLowerCase().includes(needle) || (entry.createdBy ?? "").toLowerCase().includes(needle),
  );
}

/** Only http(s) entries are links (PRODUCT §2: URLs starting with http open in a new tab). */
export function isLinkPattern(url: string): boolean {
  return /^https?:\/\//i.test(url.trim());
}
