"use client";

import { useId } from "react";
import type { MetFigure, TargetRow, TargetsReport } from "@/lib/contract/reports-api";

// The Reports screen's response targets (docs/PRODUCT.md §13.3): the share of first and next responses within
// the company's current targets, per agent, Page and channel.

const KIND_NAME: Record<TargetRow["kind"], string> = { agent: "Agent", page: "Page", channel: "Channel" };

function percent(f: MetFigure): string {
  return f.count ? `${Math.round((100 * f.met) / f.count)}% (${f.met} of ${f.count})` : "—";
}

export function TargetsTable({ targets }: { targets: TargetsReport }) {
  const id = useId();
  const goal = (m: number | null) => (m === null ? "no target" : `${m} min`);
  return (
    <section aria-labelledby={id} tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2 id={id} className="px-4 pt-4 text-base font-semibold text-slate-900">
        Response targets met
      </h2>
      <p className="px-4 text-sm text-slate-500">
        First response {goal(targets.first)}, next response {goal(targets.next)}: all {percent(targets.all.firstResponse)} and {percent(targets.all.reply)}.
      </p>
      <table className="mt-2 w-full min-w-[36rem] text-left text-sm">
        <thead className="border-b border-slate-200 text-slate-500">
          <tr>
            <th className="px-4 py-2 font-medium">By</th>
            <th className="px-4 py-2 font-medium">Name</th>
            <th className="px-4 py-2 font-medium">First response met</th>
            <th className="px-4 py-2 font-medium">Next response met</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {targets.rows.length === 0 && (
            <tr>
              <td colSpan={4} className="px-4 py-6 text-center text-slate-500">
                No replies in this range
              </td>
            </tr>
          )}
          {targets.rows.map((r) => (
            <tr key={`${r.kind}-${r.id ?? "none"}`}>
              <td className="px-4 py-2 text-slate-500">{KIND_NAME[r.kind]}</td>
              <td className="px-4 py-2 font-medium text-slate-900">{r.name}</td>
              <td className="px-4 py-2 tabular-nums">{percent(r.firstResponse)}</td>
              <td className="px-4 py-2 tabular-nums">{percent(r.reply)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
