import type { ReactNode } from "react";
import { ActionsTD, DataTable, MessageRow, TBody, TD, TH, THead, TR } from "@/components/admin/common/data-table";
import { PageHealthCell } from "@/components/admin/common/page-health";
import { PageNameCell } from "@/components/admin/pages/page-name-cell";
import { ImportProgressLine } from "@/components/admin/pages/page-health-panel";
import { formatDate } from "@/lib/format/dates";
import type { ApiPage } from "@/lib/schemas/pages";

/** A list of pages with their health; `showCompany` for the super admin's all-pages view. */
export function PagesTable({
  pages,
  showCompany = false,
  actions,
  empty = "No pages found",
}: {
  pages: ApiPage[];
  showCompany?: boolean;
  actions?(page: ApiPage): ReactNode;
  empty?: string;
}) {
  const columns = 4 + (showCompany ? 1 : 0) + (actions ? 1 : 0);
  return (
    <DataTable caption="Pages">
      <THead>
        <TH>Page Name</TH>
        {showCompany && <TH>Company</TH>}
        <TH>Health</TH>
        <TH>Conversations</TH>
        <TH>Created</TH>
        {actions && <TH className="text-right">Actions</TH>}
      </THead>
      <TBody>
        {pages.length === 0 ? (
          <MessageRow colSpan={columns}>{empty}</MessageRow>
        ) : (
          pages.map((page) => (
            <TR key={page._id}>
              <TD className="max-md:mb-1 max-md:border-b max-md:border-slate-100 max-md:pb-3">
                <PageNameCell name={page.name} pageId={page.page_id} />
              </TD>
              {showCompany && <TD label="Company">{page.company?.name ?? "N/A"}</TD>}
              <TD label="Health">
                <PageHealthCell page={page} />
                {page.import?.state === "running" && <ImportProgressLine progress={page.import} />}
              </TD>
              <TD label="Conversations">{page.conversationCount}</TD>
              <TD label="Created" className="whitespace-nowrap">
                {formatDate(page.created_at)}
              </TD>
              {actions && <ActionsTD>{actions(page)}</ActionsTD>}
            </TR>
          ))
        )}
      </TBody>
    </DataTable>
  );
}
