"use client";

import { ReportTable } from "@/components/admin/common/table-report";
import type { AutomaticRepliesReport, AutomaticReplyRow } from "@/lib/contract/reports-api";

// The Reports screen's automatic replies (docs/PRODUCT.md §13.1): what the Pages sent by themselves in the
// range, instant and away apart, per Page and channel. Apart from the tables above, which count people.

const CHANNEL_NAME: Record<AutomaticReplyRow["channel"], string> = { messenger: "Messenger", instagram: "Instagram" };

export function AutomaticRepliesTable({ automatic }: { automatic: AutomaticRepliesReport }) {
  return (
    <ReportTable
      title="Automatic replies"
      note={`Sent by the Pages themselves: ${automatic.instant} instant, ${automatic.away} away. Not counted in the response figures above.`}
      width="narrow"
      columns={["Page", "Channel", "Instant", "Away"]}
      empty={automatic.rows.length === 0}
      emptyText="No automatic replies in this range"
    >
      {automatic.rows.map((r) => (
        <tr key={`${r.pageId}-${r.channel}`}>
          <td className="px-4 py-2 font-medium text-slate-900">{r.pageName}</td>
          <td className="px-4 py-2">{CHANNEL_NAME[r.channel]}</td>
          <td className="px-4 py-2 tabular-nums">{r.instant}</td>
          <td className="px-4 py-2 tabular-nums">{r.away}</td>
        </tr>
      ))}
    </ReportTable>
  );
}
