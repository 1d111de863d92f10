"use client";

import useSWR from "swr";
import { api } from "@/lib/api/client";
import type { ViolationRecord, WhitelistEntry } from "@/lib/admin/types";

// The approved-links list (GET /api/urls) and the violation log (GET /api/urls/violated). Both are filtered
// and paged in the browser (PRODUCT §7 Links). PRODUCT §9: the violations query does not refetch on focus.

export const WHITELIST_KEY = "/api/urls";
export const VIOLATIONS_KEY = "/api/urls/violated";

export function useWhitelist() {
  return useSWR<WhitelistEntry[]>(WHITELIST_KEY, (url: string) => api<WhitelistEntry[]>(url));
}

export function useViolations() {
  return useSWR<ViolationRecord[]>(VIOLATIONS_KEY, (url: string) => api<ViolationRecord[]>(url), { revalidateOnFocus: false });
}
