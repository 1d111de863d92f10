import { ActionsTD, DataTable, TBody, TD, TR } from "@/components/admin/common/data-table";
import { ColumnHeads } from "@/components/admin/common/table-columns";
import { PatternBadge } from "@/components/admin/whitelist/pattern-badge";
import { DeleteRowButton, RowButton } from "@/components/admin/users/row-action";
import { PencilIcon } from "@/components/ui/icons";
import { isLinkPattern } from "@/lib/admin/whitelist-filter";
import type { WhitelistEntry } from "@/lib/admin/types";
import { formatDateTime } from "@/lib/format/dates";

/** PRODUCT §2: URL/Pattern (http links open in a new tab), Type, Created By, Created At, edit and delete. */
export function WhitelistTable({
  entries,
  onEdit,
  onDelete,
  disabled,
}: {
  entries: WhitelistEntry[];
  onEdit(entry: WhitelistEntry): void;
  onDelete(entry: WhitelistEntry): void;
  disabled: boolean;
}) {
  return (
    <DataTable caption="Approved URLs and patterns">
      <ColumnHeads columns={["URL/Pattern", "Type", "Created By", "Created At"]} end="Actions" />
      <TBody>
        {entries.map((entry) => (
          <TR key={entry._id}>
            <TD className="max-w-md max-md:mb-1 max-md:border-b max-md:border-slate-100 max-md:pb-3 max-md:text-left">
              {isLinkPattern(entry.url) ? (
                <a href={entry.url.trim()} target="_blank" rel="noopener noreferrer" className="font-medium break-all text-indigo-600 hover:underline">
                  {entry.url}
                </a>
              ) : (
                <span className="font-mono text-[13px] font-medium break-all text-slate-900">{entry.url}</span>
              )}
            </TD>
            <TD label="Type">
              <PatternBadge url={entry.url} />
            </TD>
            <TD label="Created By">{entry.createdBy || "N/A"}</TD>
            <TD label="Created At" className="whitespace-nowrap">
              {formatDateTime(entry.createdAt)}
            </TD>
            <ActionsTD>
              <RowButton icon={PencilIcon} label={`Edit ${entry.url}`} onClick={() => onEdit(entry)} disabled={disabled}>
                Edit
              </RowButton>
              <DeleteRowButton name={entry.url} onClick={() => onDelete(entry)} disabled={disabled} />
            </ActionsTD>
          </TR>
        ))}
      </TBody>
    </DataTable>
  );
}
