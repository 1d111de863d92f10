import { DataTable, TBody, TD, TR } from "@/components/admin/common/data-table";
import { ColumnHeads } from "@/components/admin/common/table-columns";
import type { ApiAuditEntry } from "@/lib/contract/audit-api";
import { describeEntry, targetLabel } from "@/lib/audit/describe";
import { formatTimeThenDate } from "@/lib/format/dates";

/** The log: When, Who, What, Target, Details. Below md each entry is a card (data-table.tsx). */
export function AuditTable({ entries }: { entries: ApiAuditEntry[] }) {
  return (
    <DataTable caption="Audit log, newest first">
      <ColumnHeads columns={["When", "Who", "What", "Target", "Details"]} />
      <TBody>
        {entries.map((entry) => {
          const when = formatTimeThenDate(entry.at);
          const words = describeEntry(entry);
          return (
            <TR key={entry.id}>
              <TD label="When" className="whitespace-nowrap">
                <time dateTime={entry.at} className="flex flex-col items-end md:items-start">
                  <span className="font-medium text-slate-900">{when.time}</span>
                  {when.date && <span className="text-xs text-slate-500">{when.date}</span>}
                </time>
              </TD>
              <TD label="Who" className="font-medium text-slate-900">
                {entry.actor.name}
              </TD>
              <TD label="What" className="md:max-w-sm">
                <span className="break-words">{words.what}</span>
              </TD>
              <TD label="Target" className="md:max-w-48">
                <span className="break-words">{targetLabel(entry)}</span>
              </TD>
              <TD label="Details" className="text-slate-600 md:max-w-xs">
                <span className="break-words">{words.details || "—"}</span>
              </TD>
            </TR>
          );
        })}
      </TBody>
    </DataTable>
  );
}
