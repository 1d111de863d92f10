"use client";

import { useState } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { EmptyState } from "@/components/admin/common/empty-state";
import { LoadError } from "@/components/admin/common/load-error";
import { LoadingBlock } from "@/components/admin/common/loading-block";
import { StatLine } from "@/components/admin/common/stat-line";
import { AuditFilterBar } from "@/components/admin/audit/audit-filters";
import { AuditTable } from "@/components/admin/audit/audit-table";
import { Button } from "@/components/ui/button";
import { FileTextIcon } from "@/components/ui/icons";
import { useAuditLog, type AuditFilters } from "@/lib/hooks/use-audit-log";

const NO_FILTERS: AuditFilters = { action: "", actor: "", from: "", to: "" };

/** /company/audit-log (docs/PRODUCT.md §13.5): who changed what, newest first, filtered on the server. */
export function AuditScreen() {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const log = useAuditLog(filters);
  const filtered = Object.values(filters).some(Boolean);

  let body;
  if (log.error && !log.loaded) {
    body = <LoadError title="Error Loading the Audit Log" message={log.error.message || "Failed to load the audit log. Please try again."} onRetry={log.retry} retrying={log.isValidating} />;
  } else if (!log.loaded) {
    body = <LoadingBlock label="Loading the audit log..." />;
  } else if (log.entries.length === 0) {
    body = <EmptyState icon={<FileTextIcon className="size-5" />} title={filtered ? "No entries match these filters." : "Nothing has been recorded yet."} />;
  } else {
    body = <AuditTable entries={log.entries} />;
  }

  return (
    <div>
      <PageHeader title="Audit Log" subtitle="Who changed users, pages, approved links and settings, and when. Entries are kept for one year." />
      <AuditFilterBar value={filters} actors={log.actors} onChange={setFilters} />
      {body}
      {log.loaded && log.entries.length > 0 && (
        <div className="mt-4 flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
          <StatLine>
            Showing {log.entries.length} {log.entries.length === 1 ? "entry" : "entries"}
            {log.hasMore ? "" : ", all there are"}
          </StatLine>
          {log.hasMore && (
            <Button variant="secondary" onClick={log.loadMore} pending={log.loadingMore} pendingText="Loading...">
              Load more
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
