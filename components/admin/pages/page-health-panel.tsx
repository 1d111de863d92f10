"use client";

import { PageHealthCell } from "@/components/admin/common/page-health";
import { Button } from "@/components/ui/button";
import { useReconnectPage } from "@/components/admin/pages/use-reconnect-page";
import { HEALTH_HINTS } from "@/lib/admin/page-health";
import { formatDateTime } from "@/lib/format/dates";
import type { ApiPage } from "@/lib/schemas/pages";

/** A page's health in full on its screen: the state, why, the failed call or subscription, the import, Reconnect. */
export function PageHealthPanel({ page }: { page: ApiPage }) {
  const { reconnect, pendingId } = useReconnectPage();
  return (
    <section className="space-y-2 rounded-xl border border-slate-200 bg-white px-5 py-4 text-sm shadow-sm" aria-label="Page health">
      <div className="flex items-center justify-between gap-4">
        <span className="font-medium text-slate-700">Page health</span>
        <PageHealthCell page={page} />
      </div>
      <p className="text-slate-600">{HEALTH_HINTS[page.health]}</p>
      {page.health === "needs_token" && page.tokenErrorAt && (
        <p className="text-red-700">
          Facebook refused the token on {page.tokenErrorCall ?? "a call"} at {formatDateTime(page.tokenErrorAt)}.
        </p>
      )}
      {Boolean(page.quarantinedEvents) && (
        <p className="text-amber-800">
          {page.quarantinedEvents === 1 ? "1 webhook event" : `${page.quarantinedEvents} webhook events`} could not be processed and wait in the quarantine
          (a super admin can re-run them).
        </p>
      )}
      {page.subscriptionError && <p className="text-amber-800">{page.subscriptionError} (retrying automatically)</p>}
      {page.import && <ImportProgressLine progress={page.import} />}
      <Button size="sm" variant="secondary" pending={pendingId === page._id} pendingText="Reconnecting..." onClick={() => reconnect(page)}>
        Reconnect
      </Button>
    </section>
  );
}

export function ImportProgressLine({ progress }: { progress: NonNullable<ApiPage["import"]> }) {
  if (progress.state === "running") return <p className="text-blue-700">Importing history… {progress.done}/{progress.total}</p>;
  if (progress.state === "failed") return <p className="text-amber-800">History import stopped after {progress.done}/{progress.total} conversations.</p>;
  return <p className="text-slate-500">History imported: {progress.done} conversations.</p>;
}
