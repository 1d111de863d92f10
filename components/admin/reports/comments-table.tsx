"use client";

import { useId } from "react";
import { formatDuration } from "@/lib/format/durations";
import type { CommentFigure } from "@/lib/contract/reports-api";

// The Reports screen's comments: per channel, the customers' comments of the range, how many the Page
// answered (publicly or privately) and how fast, in business time like the conversations' figures.

const CHANNEL_NAME: Record<CommentFigure["kind"], string> = { fb_comment: "Facebook comments", ig_comment: "Instagram comments" };

export function CommentsTable({ comments }: { comments: CommentFigure[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id} tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2 id={id} className="px-4 pt-4 text-base font-semibold text-slate-900">
        Comments
      </h2>
      <table className="mt-2 w-full min-w-[30rem] text-left text-sm">
        <thead className="border-b border-slate-200 text-slate-500">
          <tr>
            <th className="px-4 py-2 font-medium">Channel</th>
            <th className="px-4 py-2 font-medium">Comments</th>
            <th className="px-4 py-2 font-medium">Answered</th>
            <th className="px-4 py-2 font-medium">Median answer</th>
            <th className="px-4 py-2 font-medium">90% within</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {comments.length === 0 && (
            <tr>
              <td colSpan={5} className="px-4 py-6 text-center text-slate-500">
                No comments in this range
              </td>
            </tr>
          )}
          {comments.map((c) => (
            <tr key={c.kind}>
              <td className="px-4 py-2 font-medium text-slate-900">{CHANNEL_NAME[c.kind]}</td>
              <td className="px-4 py-2 tabular-nums">{c.received}</td>
              <td className="px-4 py-2 tabular-nums">{c.answered}</td>
              <td className="px-4 py-2 tabular-nums">{formatDuration(c.answer.median)}</td>
              <td className="px-4 py-2 tabular-nums">{formatDuration(c.answer.p90)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
