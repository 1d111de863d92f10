"use client";

import { ReportTable } from "@/components/admin/common/table-report";
import type { MetFigure, TargetRow, TargetsReport } from "@/lib/contract/reports-api";

// The Reports screen's response targets (docs/PRODUCT.md §13.3): the share of first and next responses within
// the company's current targets, per agent, Page and channel.

const KIND_NAME: Record<TargetRow["kind"], string> = { agent: "Agent", page: "Page", channel: "Channel" };

function percent(f: MetFigure): string {
  return f.count ? `${Math.round((100 * f.met) / f.count)}% (${f.met} of ${f.count})` : "—";
}

export function TargetsTable({ targets }: { targets: TargetsReport }) {
  const goal = (m: number | null) => (m === null ? "no target" : `${m} min`);
  return (
    <ReportTable
      title="Response targets met"
      note={`First response ${goal(targets.first)}, next response ${goal(targets.next)}: all ${percent(targets.all.firstResponse)} and ${percent(targets.all.reply)}.`}
      width="wide"
      columns={["By", "Name", "First response met", "Next response met"]}
      empty={targets.rows.length === 0}
      emptyText="No replies in this range"
    >
      {targets.rows.map((r) => (
        <tr key={`${r.kind}-${r.id ?? "none"}`}>
          <td className="px-4 py-2 text-slate-500">{KIND_NAME[r.kind]}</td>
          <td className="px-4 py-2 font-medium text-slate-900">{r.name}</td>
          <td className="px-4 py-2 tabular-nums">{percent(r.firstResponse)}</td>
          <td className="px-4 py-2 tabular-nums">{percent(r.reply)}</td>
        </tr>
      ))}
    </ReportTable>
  );
}
