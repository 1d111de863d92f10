"use client";

import { useId, useMemo, useState } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { EmptyState } from "@/components/admin/common/empty-state";
import { ListToolbar } from "@/components/admin/common/list-toolbar";
import { beforeLoaded } from "@/components/admin/common/admin-load-state";
import { PageSizeSelect } from "@/components/admin/common/page-size-select";
import { Pager } from "@/components/admin/common/pager";
import { SearchBox } from "@/components/admin/common/search-box";
import { Select } from "@/components/admin/common/select";
import { StatLine } from "@/components/admin/common/stat-line";
import { ViolationsTable } from "@/components/admin/violations/violations-table";
import { ShieldCheckIcon } from "@/components/ui/icons";
import { showingText } from "@/lib/admin/pagination";
import { filterViolations, isViolationFilter, VIOLATION_FILTERS, type ViolationFilter } from "@/lib/admin/violation-filter";
import { useAdminPaging } from "@/lib/hooks/use-admin-paging";
import { useViolations } from "@/lib/hooks/use-admin-whitelist";

const LOAD_TEXTS = { title: "Error Loading Violations", message: "Failed to load violations. Please try again.", loading: "Loading violations..." };

/** /company/url-violations, 'Security Violation Log' (PRODUCT §2): searched, filtered and paged in the browser. */
export function ViolationsScreen() {
  const filterId = useId();
  const { data, error, isValidating, mutate } = useViolations();
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<ViolationFilter>("all");
  const [expanded, setExpanded] = useState<string | null>(null);

  const all = useMemo(() => data ?? [], [data]);
  const filtered = useMemo(() => filterViolations(all, search, filter), [all, search, filter]);
  const paging = useAdminPaging(filtered);

  const onSearch = (value: string) => {
    setSearch(value);
    paging.reset();
  };

  const body =
    beforeLoaded({ loaded: data !== undefined, error, onRetry: () => mutate(), retrying: isValidating }, LOAD_TEXTS) ??
    (filtered.length === 0 ? (
      <EmptyState
        icon={<ShieldCheckIcon className="size-5" />}
        title={search.trim() ? `No violation records found matching "${search.trim()}".` : "No violation records found."}
      />
    ) : (
      <ViolationsTable records={paging.visible} expandedId={expanded} onToggle={(id) => setExpanded((cur) => (cur === id ? null : id))} />
    ));

  return (
    <div>
      <PageHeader title="Security Violation Log" subtitle="Messages that were blocked because they contained links not on your approved list." />
      <ListToolbar trailing={<PageSizeSelect value={paging.pageSize} onChange={paging.setPageSize} />}>
        <SearchBox value={search} onChange={onSearch} placeholder="Search violations..." label="Search violations" className="sm:max-w-md sm:flex-1" />
        <label htmlFor={filterId} className="sr-only">
          Search in
        </label>
        <Select
          id={filterId}
          value={filter}
          onChange={(e) => {
            if (isViolationFilter(e.target.value)) setFilter(e.target.value);
            paging.reset();
          }}
          className="sm:w-40"
        >
          {VIOLATION_FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </Select>
      </ListToolbar>
      {body}
      {data && filtered.length > 0 && (
        <div className="mt-4 flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
          <StatLine>{showingText(paging.page, paging.pageSize, filtered.length, "violations")}</StatLine>
          <Pager page={paging.page} pages={paging.pages} onChange={paging.setPage} label="Violations pages" />
        </div>
      )}
    </div>
  );
}
