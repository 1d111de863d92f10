import { ActionsTD, TD, TR } from "@/components/admin/common/data-table";
import { UrlChips } from "@/components/admin/violations/url-chips";
import { ChevronDownIcon } from "@/components/ui/icons";
import type { ViolationRecord } from "@/lib/admin/types";
import { NOT_AVAILABLE, refLabel } from "@/lib/admin/violation-filter";
import { cn } from "@/lib/cn";
import { formatTimeThenDate } from "@/lib/format/dates";

export const VIOLATION_COLUMNS = 5;

/** One violation: User, Page, Violated URLs, Timestamp (time, then date), and the expand toggle. */
export function ViolationRow({ record, expanded, onToggle }: { record: ViolationRecord; expanded: boolean; onToggle(): void }) {
  const when = formatTimeThenDate(record.createdAt);
  const detailsId = `violation-${record._id}`;
  return (
    <>
      <TR className={cn(expanded && "bg-slate-50/80 max-md:rounded-b-none")}>
        <TD label="User" className="font-medium text-slate-900">
          {refLabel(record.user)}
        </TD>
        <TD label="Page">{refLabel(record.page)}</TD>
        <TD label="Violated URLs">
          <UrlChips urls={record.urls} />
        </TD>
        <TD label="Timestamp" className="whitespace-nowrap">
          <span className="flex flex-col items-end md:items-start">
            <span className="font-medium text-slate-900">{when.time}</span>
            {when.date && <span className="text-xs text-slate-500">{when.date}</span>}
          </span>
        </TD>
        <ActionsTD>
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={expanded ? detailsId : undefined}
            onClick={onToggle}
            className="inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-indigo-600 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {expanded ? "Hide" : "View"}
            <ChevronDownIcon className={cn("size-4 transition-transform", expanded && "rotate-180")} />
          </button>
        </ActionsTD>
      </TR>
      {expanded && (
        <tr role="row" id={detailsId} className="bg-slate-50/80 max-md:-mt-3 max-md:block max-md:rounded-b-xl max-md:border max-md:border-t-0 max-md:border-slate-200">
          <td role="cell" colSpan={VIOLATION_COLUMNS} className="px-5 pt-1 pb-5 max-md:block max-md:px-4">
            <div className="rounded-lg border border-slate-200 bg-white p-4">
              <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Full Message Content</p>
              <p className="mt-2 text-sm whitespace-pre-wrap break-words text-slate-800">{record.message?.trim() || NOT_AVAILABLE}</p>
            </div>
          </td>
        </tr>
      )}
    </>
  );
}
