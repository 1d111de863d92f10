"use client";

import { useId, useMemo, useState, type ReactNode } from "react";
import { toast } from "@/lib/toast";
import { PageHeader } from "@/components/layout/page-header";
import { LoadError } from "@/components/admin/common/load-error";
import { Select } from "@/components/admin/common/select";
import { Options } from "@/components/admin/common/admin-options";
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
import { ReportTable } from "@/components/admin/common/table-report";

const RANGES = [7, 30, 90] as const;

/** The browser's today as YYYY-MM-DD; the server reads the days in the company's zone. */
function isoDay(offsetDays = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

const countFormat = (v: number) => (Number.isInteger(v) ? String(v) : "");
const durationFormat = (v: number) => formatDuration(v);

/** One chart's card, named by its heading; the chart itself waits for the report. */
function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={id} className="mb-2 text-base font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

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

  // Page, Agent and Label are one kind of filter: 'all' first, then the choices the report offers.
  const choiceFilters = [
    { key: "pageId", name: "page", label: "Page", all: "All Pages", width: "mt-1 w-48", choices: data?.choices.pages.map((p) => [p._id, p.name] as const) },
    { key: "agentId", name: "agent", label: "Agent", all: "Everyone", width: "mt-1 w-48", choices: data?.choices.agents.map((a) => [a._id, a.name] as const) },
    { key: "label", name: "label", label: "Label", all: "Any label", width: "mt-1 w-40", choices: data?.choices.labels.map((l) => [l, l] as const) },
  ] as const;

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
        {choiceFilters.map((f) => (
          <label key={f.key} htmlFor={`${id}-${f.name}`} className="text-sm font-medium text-slate-700">
            {f.label}
            <Select id={`${id}-${f.name}`} value={filters[f.key]} onChange={(e) => set({ [f.key]: e.target.value })} className={f.width}>
              <option value="">{f.all}</option>
              <Options items={f.choices} value={([value]) => value} label={([, label]) => label} />
            </Select>
          </label>
        ))}
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
            <ChartCard title="Opened and done per day">{data && <DayChart label="Conversations opened and done per day" days={days} series={volume} format={countFormat} />}</ChartCard>
            <ChartCard title="Median response times per day">{data && <DayChart label="Median first response and reply time per day" days={days} series={speed} format={durationFormat} />}</ChartCard>
          </div>
          <ReportTable
            title="By person"
            width="wide"
            columns={["Agent", "Replies", "Median reply", "First responses", "Median first response", "Done"]}
            empty={data?.agents.length === 0}
            emptyText="No replies in this range"
          >
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
          </ReportTable>
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
