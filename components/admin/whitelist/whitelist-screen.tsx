"use client";

import { useMemo, useState } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { EmptyState } from "@/components/admin/common/empty-state";
import { ListToolbar } from "@/components/admin/common/list-toolbar";
import { beforeLoaded } from "@/components/admin/common/admin-load-state";
import { PageSizeSelect } from "@/components/admin/common/page-size-select";
import { Pager } from "@/components/admin/common/pager";
import { SearchBox } from "@/components/admin/common/search-box";
import { StatLine } from "@/components/admin/common/stat-line";
import { PatternDialog, type PatternDialogState } from "@/components/admin/whitelist/pattern-dialog";
import { useWhitelistActions } from "@/components/admin/whitelist/use-whitelist-actions";
import { WhitelistTable } from "@/components/admin/whitelist/whitelist-table";
import { Button } from "@/components/ui/button";
import { DeleteConfirmation } from "@/components/ui/delete-confirmation";
import { LinkIcon, PlusIcon } from "@/components/ui/icons";
import { showingText } from "@/lib/admin/pagination";
import type { WhitelistEntry } from "@/lib/admin/types";
import { filterWhitelist } from "@/lib/admin/whitelist-filter";
import { useAdminPaging } from "@/lib/hooks/use-admin-paging";
import { useWhitelist } from "@/lib/hooks/use-admin-whitelist";

const LOAD_TEXTS = { title: "Error Loading URLs", message: "Failed to load approved URLs. Please try again.", loading: "Loading patterns..." };

/** /company/whitelist-urls, 'Approved URLs & Patterns' (PRODUCT §2): searched and paged in the browser. */
export function WhitelistScreen() {
  const { data, error, isValidating, mutate } = useWhitelist();
  const actions = useWhitelistActions();
  const [search, setSearch] = useState("");
  const [dialog, setDialog] = useState<PatternDialogState>({ mode: "closed" });
  const [deleting, setDeleting] = useState<WhitelistEntry | null>(null);

  const all = useMemo(() => data ?? [], [data]);
  const filtered = useMemo(() => filterWhitelist(all, search), [all, search]);
  const paging = useAdminPaging(filtered);
  const searching = search.trim() !== "";

  const onSearch = (value: string) => {
    setSearch(value);
    paging.reset();
  };

  const save = (url: string) => (dialog.mode === "edit" ? actions.update(dialog.entry, url) : actions.add(url));

  const body =
    beforeLoaded({ loaded: data !== undefined, error, onRetry: () => mutate(), retrying: isValidating }, LOAD_TEXTS) ??
    (all.length === 0 ? (
      <EmptyState icon={<LinkIcon className="size-5" />} title='No approved patterns added yet. Click "Add Pattern" to get started.' />
    ) : filtered.length === 0 ? (
      <EmptyState icon={<LinkIcon className="size-5" />} title={`No patterns found matching "${search.trim()}".`}>
        <Button variant="link" onClick={() => onSearch("")}>
          Clear search
        </Button>
      </EmptyState>
    ) : (
      <WhitelistTable entries={paging.visible} onEdit={(entry) => setDialog({ mode: "edit", entry })} onDelete={setDeleting} disabled={actions.pending} />
    ));

  return (
    <div>
      <PageHeader
        title="Approved URLs & Patterns"
        subtitle="Only links on this list may be shared in conversations; anything else is blocked and logged."
        actions={
          <Button onClick={() => setDialog({ mode: "add" })}>
            <PlusIcon className="size-4" />
            Add Pattern
          </Button>
        }
      />
      <ListToolbar trailing={<PageSizeSelect value={paging.pageSize} onChange={paging.setPageSize} />}>
        <SearchBox value={search} onChange={onSearch} placeholder="Search URLs, patterns, or creators..." label="Search approved patterns" className="sm:max-w-md sm:flex-1" />
      </ListToolbar>
      {body}
      {data && filtered.length > 0 && (
        <div className="mt-4 flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
          <StatLine>
            {showingText(paging.page, paging.pageSize, filtered.length, "patterns")}
            {searching && ` (filtered from ${all.length} total)`}
          </StatLine>
          <Pager page={paging.page} pages={paging.pages} onChange={paging.setPage} label="Patterns pages" />
        </div>
      )}
      <PatternDialog
        state={dialog}
        onClose={() => setDialog({ mode: "closed" })}
        onSave={save}
        busy={actions.pending}
        saving={actions.running === "add" || actions.running === "update"}
      />
      <DeleteConfirmation
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        item="this URL"
        onConfirm={async () => {
          if (deleting && !(await actions.remove(deleting))) throw new Error("remove failed");
        }}
      />
    </div>
  );
}
