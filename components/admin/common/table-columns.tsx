import { TH, THead } from "@/components/admin/common/data-table";

/**
 * An admin table's header row from its column names (users, pages, audit log, whitelist, page access):
 * every table spelled out the same <TH> list, and the last column, when it holds the row's buttons, sits
 * right-aligned over them (`end`).
 */
export function ColumnHeads({ columns, end }: { columns: string[]; end?: string }) {
  return (
    <THead>
      {columns.map((column) => (
        <TH key={column}>{column}</TH>
      ))}
      {end && <TH className="text-right">{end}</TH>}
    </THead>
  );
}
