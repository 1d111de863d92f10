"use client";

import { useId } from "react";
import type { AutomaticRepliesReport, AutomaticReplyRow } from "@/lib/contract/reports-api";

// The Reports screen's automatic replies (docs/PRODUCT.md §13.1): what the Pages sent by themselves in the
// range, instant and away apart, per Page and channel. Apart from the tables above, which count people.

const CHANNEL_NAME: Record<AutomaticReplyRow["channel"], string> = { messenger: "Messenger", instagram: "Instagram" };

export function AutomaticRepliesTable({ automatic }: { automatic: AutomaticRepliesReport }) {
  const id = useId();
  return (
    <section aria-labelledby={id} tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2 id={id} className="px-4 pt-4 text-base font-semibold text-slate-900">
        Automatic replies
      </h2>
      <p className="px-4 text-sm text-slate-500">
        Sent by the Pages themselves: {automatic.instant} instant, {automatic.away} away. Not counted in the response figures above.
      </p>
      <table className="mt-2 w-full min-w-[18rem] text-left text-sm">
        <thead className="border-b border-slate-200 text-slate-500">
          <tr>
            <th className="px-4 py-2 font-medium">Page</th>
            <th className="px-4 py-2 font-medium">Channel</th>
            <th className="px-4 py-2 font-medium">Instant</th>
            <th className="px-4 py-2 font-medium">Away</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {automatic.rows.length === 0 && (
            <tr>
              <td colSpan={4} className="px-4 py-6 text-center text-slate-500">
                No automatic replies in this range
              </td>
            </tr>
          )}
          {automatic.rows.map((r) => (
            <tr key={`${r.pageId}-${r.channel}`}>
              <td className="px-4 py-2 font-medium text-slate-900">{r.pageName}</td>
              <td className="px-4 py-2">{CHANNEL_NAME[r.channel]}</td>
              <td className="px-4 py-2 tabular-nums">{r.instant}</td>
              <td className="px-4 py-2 tabular-nums">{r.away}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
