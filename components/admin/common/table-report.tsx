"use client";

import { useId, type ReactNode } from "react";

// The Reports screen's tables (by person, targets, comments, automatic replies) share one frame: a focusable
// scrolling section named by its heading, an optional note, a plain table and one row saying it is empty.

/** The table's least width before the section scrolls sideways, by how many columns it holds. */
const TABLE_CLASS = {
  narrow: "mt-2 w-full min-w-[18rem] text-left text-sm",
  medium: "mt-2 w-full min-w-[30rem] text-left text-sm",
  wide: "mt-2 w-full min-w-[36rem] text-left text-sm",
} as const;

type ReportTableProps = {
  title: string;
  note?: ReactNode;
  width: keyof typeof TABLE_CLASS;
  columns: string[];
  /** Whether to show `emptyText` instead of rows (false while the report is still loading). */
  empty: boolean;
  emptyText: string;
  /** The body's rows. */
  children: ReactNode;
};

export function ReportTable({ title, note, width, columns, empty, emptyText, children }: ReportTableProps) {
  const id = useId();
  return (
    <section aria-labelledby={id} tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2 id={id} className="px-4 pt-4 text-base font-semibold text-slate-900">
        {title}
      </h2>
      {note && <p className="px-4 text-sm text-slate-500">{note}</p>}
      <table className={TABLE_CLASS[width]}>
        <thead className="border-b border-slate-200 text-slate-500">
          <tr>
            {columns.map((column) => (
              <th key={column} className="px-4 py-2 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {empty && (
            <tr>
              <td colSpan={columns.length} className="px-4 py-6 text-center text-slate-500">
                {emptyText}
              </td>
            </tr>
          )}
          {children}
        </tbody>
      </table>
    </section>
  );
}
