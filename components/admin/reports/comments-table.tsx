"use client";

import { ReportTable } from "@/components/admin/common/table-report";
import { formatDuration } from "@/lib/format/durations";
import type { CommentFigure } from "@/lib/contract/reports-api";

// The Reports screen's comments: per channel, the customers' comments of the range, how many the Page
// answered (publicly or privately) and how fast, in business time like the conversations' figures.

const CHANNEL_NAME: Record<CommentFigure["kind"], string> = { fb_comment: "Facebook comments", ig_comment: "Instagram comments" };

export function CommentsTable({ comments }: { comments: CommentFigure[] }) {
  return (
    <ReportTable
      title="Comments"
      width="medium"
      columns={["Channel", "Comments", "Answered", "Median answer", "90% within"]}
      empty={comments.length === 0}
      emptyText="No comments in this range"
    >
      {comments.map((c) => (
        <tr key={c.kind}>
          <td className="px-4 py-2 font-medium text-slate-900">{CHANNEL_NAME[c.kind]}</td>
          <td className="px-4 py-2 tabular-nums">{c.received}</td>
          <td className="px-4 py-2 tabular-nums">{c.answered}</td>
          <td className="px-4 py-2 tabular-nums">{formatDuration(c.answer.median)}</td>
          <td className="px-4 py-2 tabular-nums">{formatDuration(c.answer.p90)}</td>
        </tr>
      ))}
    </ReportTable>
  );
}
