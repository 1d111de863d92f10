"use client";

import useSWR from "swr";
import { api } from "@/lib/api/client";
import type { DashboardStats } from "@/lib/contract/dashboard-api";

// The dashboard cards (GET /api/dashboard/stats?pageId=); PRODUCT §9: stats are cached for 2 min.

export const ALL_PAGES = "all";

export function dashboardKey(pageId: string): string {
  return pageId === ALL_PAGES ? "/api/dashboard/stats" : `/api/dashboard/stats?pageId=${encodeURIComponent(pageId)}`;
}

export function useDashboardStats(pageId: string) {
  return useSWR<DashboardStats>(dashboardKey(pageId), (url: string) => api<DashboardStats>(url), {
    dedupingInterval: 2 * 60_000,
    keepPreviousData: true,
  });
}
