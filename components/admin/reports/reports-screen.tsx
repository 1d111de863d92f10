"use client";

import { useId, useMemo, useState } from "react";
import { toast } from "@/lib/toast";
import { PageHeader } from "@/components/layout/page-header";
import { LoadError } from "@/components/admin/common/load-error";
import { Select } from "@/components/admin/common/select";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useAuth } from "@/components/auth/auth-provider";
import { can } from "@/lib/access/permissions";
import { formatDuration, formatRate } from "@/lib/format/durations";
import { downloadReportCsv, useResponseReport, type ReportFilters } from "@/lib/hooks/use-reports";
import { FigureCard, HeadlineCards } from "@/components/admin/reports/headline-cards";
import { BusinessHoursForm } from "@/components/admin/reports/business-hours-form";
import { DayChart, type ChartSeries } from "@/components/admin/reports/day-chart";
import { CommentsTable } from "@/components/admin/reports/comments-table";
import { AutomaticRepliesTable } from "@/components/admin/reports/automatic-replies-table";
import { TargetsForm } from "@/components/admin/reports/targets-form";
import { TargetsTable } from "@/components/admin/reports/targets-table";

const RANGES = [7, 30, 90] as const;

/** The browser's today as YYYY-MM-DD; the server reads the days in the company's zone. */
function isoDay(offsetDays = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

const countFormat = (v: number) => (Number.isInteger(v) ? String(v) : "");
const durationFormat = (v: number) => formatDuration(v);

/**
 * /company/reports (docs/PRODUCT.md §11.3): how fast the team answers, per day and per person, for a date
 * range, cut by page, agent and label; charts by uPlot; CSV export; the company's business hours.
 */
export function ReportsScreen() {
  const id = useId();
  const { user } = useAuth();
  const [filters, setFilters] = useState<ReportFilters>({ from: isoDay(-29), to: isoDay(0), pageId: "", agentId: "", label: "" });
  const { data, error, isValidating, mutate } = useResponseReport(filters);
  const [exporting, setExporting] = useState(false);
  const set = (patch: Partial<ReportFilters>) => setFilters((f) => ({ ...f, ...patch }));

  const days = useMemo(() => data?.days.map((d) => d.day) ?? [], [data]);
  const volume = useMemo<ChartSeries[]>(
    () => [
      { label: "Opened", color: "#6366f1", kind: "bars", values: data?.days.map((d) => d.opened) ?? [] },
      { label: "Done", color: "#10b981", kind: "bars", values: data?.days.map((d) => d.done) ?? [] },
    ],
    [data],
  );
  const speed = useMemo<ChartSeries[]>(
    () => [
      { label: "Median first response", color: "#f59e0b", kind: "line", values: data?.days.map((d) => d.firstResponseMedian) ?? [] },
      { label: "Median reply", color: "#0ea5e9", kind: "line", values: data?.days.map((d) => d.replyMedian) ?? [] },
    ],
    [data],
  );

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadReportCsv(filters);
    } catch {
      toast.error("Failed to export the report, please try again");
    } finally {
      setExporting(false);
    }
  }

  const t = data?.totals;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Reports"
        subtitle={data ? `How fast the team answers, in business hours (${data.timezone})` : "How fast the team answers, in business hours"}
        actions={
          <Button variant="secondary" onClick={() => void exportCsv()} disabled={exporting || !data}>
            {exporting ? "Exporting..." : "Export CSV"}
          </Button>
        }
      />
      <HeadlineCards pageId={filters.pageId || null} />
      <section aria-label="Report filters" className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <div role="group" aria-label="Range" className="flex gap-1.5">
          {RANGES.map((n) => (
            <Button key={n} size="sm" variant={filters.from === isoDay(1 - n) && filters.to === isoDay(0) ? "primary" : "secondary"} onClick={() => set({ from: isoDay(1 - n), to: isoDay(0) })}>
              Last {n} days
            </Button>
          ))}
        </div>
        <label htmlFor={`${id}-from`} className="text-sm font-medium text-slate-700">
          From
          <Input id={`${id}-from`} type="date" value={filters.from} max={filters.to} onChange={(e) => e.target.value && set({ from: e.target.value })} className="mt-1 w-40" />
        </label>
        <label htmlFor={`${id}-to`} className="text-sm font-medium text-slate-700">
          To
          <Input id={`${id}-to`} type="date" value={filters.to} min={filters.from} onChange={(e) => e.target.value && set({ to: e.target.value })} className="mt-1 w-40" />
        </label>
        <label htmlFor={`${id}-page`} className="text-sm font-medium text-slate-700">
          Page
          <Select id={`${id}-page`} value={filters.pageId} onChange={(e) => set({ pageId: e.target.value })} className="mt-1 w-48">
            <option value="">All Pages</option>
            {data?.choices.pages.map((p) => (
              <option key={p._id} value={p._id}>
                {p.name}
              </option>
            ))}
          </Select>
        </label>
        <label htmlFor={`${id}-agent`} className="text-sm font-medium text-slate-700">
          Agent
          <Select id={`${id}-agent`} value={filters.agentId} onChange={(e) => set({ agentId: e.target.value })} className="mt-1 w-48">
            <option value="">Everyone</option>
            {data?.choices.agents.map((a) => (
              <option key={a._id} value={a._id}>
                {a.name}
              </option>
            ))}
          </Select>
        </label>
        <label htmlFor={`${id}-label`} className="text-sm font-medium text-slate-700">
          Label
          <Select id={`${id}-label`} value={filters.label} onChange={(e) => set({ label: e.target.value })} className="mt-1 w-40">
            <option value="">Any label</option>
            {data?.choices.labels.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </Select>
        </label>
      </section>
      {error && !data ? (
        <LoadError title="Error Loading Report" message="Failed to load the report. Please try again." onRetry={() => mutate()} retrying={isValidating} />
      ) : (
        <>
          <section aria-label="Totals" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            <FigureCard label="Median first response" value={t ? formatDuration(t.firstResponse.median) : "…"} note={t ? `${t.firstResponse.count} measured` : undefined} />
            <FigureCard label="Median reply time" value={t ? formatDuration(t.reply.median) : "…"} note={t ? `90%: ${formatDuration(t.reply.p90)}` : undefined} />
            <FigureCard label="Response rate" value={t ? formatRate(t.responseRate) : "…"} note={t ? `${t.unanswered} closed unanswered` : undefined} />
            <FigureCard label="Median resolution" value={t ? formatDuration(t.resolution.median) : "…"} />
            <FigureCard label="Opened" value={t ? String(t.opened) : "…"} />
            <FigureCard label="Done" value={t ? String(t.done) : "…"} />
          </section>
          <div className="grid gap-4 xl:grid-cols-2">
            <section aria-labelledby={`${id}-volume`} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <h2 id={`${id}-volume`} className="mb-2 text-base font-semibold text-slate-900">
                Opened and done per day
              </h2>
              {data && <DayChart label="Conversations opened and done per day" days={days} series={volume} format={countFormat} />}
            </section>
            <section aria-labelledby={`${id}-speed`} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <h2 id={`${id}-speed`} className="mb-2 text-base font-semibold text-slate-900">
                Median response times per day
              </h2>
              {data && <DayChart label="Median first response and reply time per day" days={days} series={speed} format={durationFormat} />}
            </section>
          </div>
          <section aria-labelledby={`${id}-people`} tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
            <h2 id={`${id}-people`} className="px-4 pt-4 text-base font-semibold text-slate-900">
              By person
            </h2>
            <table className="mt-2 w-full min-w-[36rem] text-left text-sm">
              <thead className="border-b border-slate-200 text-slate-500">
                <tr>
                  <th className="px-4 py-2 font-medium">Agent</th>
                  <th className="px-4 py-2 font-medium">Replies</th>
                  <th className="px-4 py-2 font-medium">Median reply</th>
                  <th className="px-4 py-2 font-medium">First responses</th>
                  <th className="px-4 py-2 font-medium">Median first response</th>
                  <th className="px-4 py-2 font-medium">Done</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data?.agents.length === 0 && (
                  <tr>
                    <td colSpan={6} className="px-4 py-6 text-center text-slate-500">
                      No replies in this range
                    </td>
                  </tr>
                )}
                {data?.agents.map((a) => (
                  <tr key={a.agentId ?? "page-inbox"}>
                    <td className="px-4 py-2 font-medium text-slate-900">{a.name}</td>
                    <td className="px-4 py-2 tabular-nums">{a.replies}</td>
                    <td className="px-4 py-2 tabular-nums">{formatDuration(a.replyMedian)}</td>
                    <td className="px-4 py-2 tabular-nums">{a.firstResponses}</td>
                    <td className="px-4 py-2 tabular-nums">{formatDuration(a.firstResponseMedian)}</td>
                    <td className="px-4 py-2 tabular-nums">{a.done}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {data?.targets && <TargetsTable targets={data.targets} />}
          {data && <CommentsTable comments={data.comments} />}
          {data && <AutomaticRepliesTable automatic={data.automaticReplies} />}
        </>
      )}
      {user && can(user.role, "reports.hours") && <BusinessHoursForm />}
      {user && can(user.role, "reports.hours") && <TargetsForm />}
    </div>
  );
}
