"use client";

import useSWR from "swr";
import { api, apiUrl } from "@/lib/api/client";
import { TOKEN_KEY } from "@/lib/session";
import type { BusinessHoursSetting, ResponseHeadline, ResponseReport, ResponseTargetsSetting } from "@/lib/contract/reports-api";

// The Reports screen's and the dashboard's calls (docs/API.md "Reports").

export type ReportFilters = { from: string; to: string; pageId: string; agentId: string; label: string };

function reportQuery(f: ReportFilters, format?: "csv") {
  return { from: f.from, to: f.to, pageId: f.pageId || undefined, agentId: f.agentId || undefined, label: f.label || undefined, format };
}

export function useResponseReport(filters: ReportFilters) {
  return useSWR<ResponseReport>(["/api/reports/responses", JSON.stringify(filters)], () => api<ResponseReport>("/api/reports/responses", { query: reportQuery(filters) }), {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
}

export function useResponseHeadline(pageId: string | null, enabled: boolean) {
  return useSWR<ResponseHeadline>(enabled ? ["/api/reports/headline", pageId ?? ""] : null, () => api<ResponseHeadline>("/api/reports/headline", { query: { pageId: pageId ?? undefined } }), {
    dedupingInterval: 60_000,
    keepPreviousData: true,
  });
}

export function useBusinessHours() {
  return useSWR<BusinessHoursSetting>("/api/reports/business-hours", (url: string) => api<BusinessHoursSetting>(url), { revalidateOnFocus: false });
}

export function saveBusinessHours(setting: BusinessHoursSetting): Promise<BusinessHoursSetting> {
  return api<BusinessHoursSetting>("/api/reports/business-hours", { method: "PUT", body: setting });
}

export function useResponseTargets() {
  return useSWR<ResponseTargetsSetting>("/api/reports/targets", (url: string) => api<ResponseTargetsSetting>(url), { revalidateOnFocus: false });
}

export function saveResponseTargets(setting: ResponseTargetsSetting): Promise<ResponseTargetsSetting> {
  return api<ResponseTargetsSetting>("/api/reports/targets", { method: "PUT", body: setting });
}

/** The report as a CSV file, downloaded with the session's token (a plain link cannot send it). */
export async function downloadReportCsv(filters: ReportFilters): Promise<void> {
  const token = window.localStorage.getItem(TOKEN_KEY);
  const response = await fetch(apiUrl("/api/reports/responses", reportQuery(filters, "csv")), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`Export failed (${response.status})`);
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement("a"), { href: url, download: `responses-${filters.from}-to-${filters.to}.csv` });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
