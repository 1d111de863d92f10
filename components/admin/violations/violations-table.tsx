import { DataTable, TBody } from "@/components/admin/common/data-table";
import { ColumnHeads } from "@/components/admin/common/table-columns";
import { ViolationRow } from "@/components/admin/violations/violation-row";
import type { ViolationRecord } from "@/lib/admin/types";

/** PRODUCT §2 violation log table; one row expanded at a time (the screen holds which). */
export function ViolationsTable({ records, expandedId, onToggle }: { records: ViolationRecord[]; expandedId: string | null; onToggle(id: string): void }) {
  return (
    <DataTable caption="Security violations">
      <ColumnHeads columns={["User", "Page", "Violated URLs", "Timestamp"]} end="Actions" />
      <TBody>
        {records.map((record) => (
          <ViolationRow key={record._id} record={record} expanded={expandedId === record._id} onToggle={() => onToggle(record._id)} />
        ))}
      </TBody>
    </DataTable>
  );
}
