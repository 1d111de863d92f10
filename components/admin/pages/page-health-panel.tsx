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
      {page.policy && <PolicyLine policy={page.policy} />}
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
      <HandoverRoleLine handover={page.handover} />
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

/** Meta's block or warning in Meta's words, and since when (it may stand alongside a token problem). */
function PolicyLine({ policy }: { policy: NonNullable<ApiPage["policy"]> }) {
  return (
    <p className={policy.state === "blocked" ? "text-red-700" : "text-amber-800"} data-testid="page-policy">
      {policy.state === "blocked" ? "Blocked by Meta" : "Warned by Meta"}
      {policy.at ? ` on ${formatDateTime(policy.at)}` : ""}. Meta&apos;s reason: {policy.reason ?? "none given"}
    </p>
  );
}

// Meta's handover roles (not user roles): what each lets agents do.
const RECEIVER_ROLE_LINES: Record<NonNullable<ApiPage["handover"]["role"]>, string> = {
  primary_receiver: "Switchboard is the page's primary receiver: agents can take any conversation from the page's other apps.",
  secondary_receiver:
    "Switchboard is a secondary receiver: agents can ask for a conversation another app holds, but cannot take it. Make Switchboard the primary receiver in the page's Advanced messaging settings to change that.",
};
const UNKNOWN_ROLE_LINE = "Switchboard's handover role on this page is not known yet (it is read when the page connects and once a day).";

/** Switchboard's handover role on the page (docs/WEBHOOKS.md "Handover roles") and the page's other apps. */
export function HandoverRoleLine({ handover }: { handover: ApiPage["handover"] }) {
  const others = handover.apps.filter((a) => a.name !== "Switchboard").map((a) => a.name ?? `app ${a.id}`);
  const role = handover.role ? RECEIVER_ROLE_LINES[handover.role] : UNKNOWN_ROLE_LINE;
  return (
    <p className="text-slate-600" data-testid="handover-role" data-role={handover.role ?? "unknown"}>
      <span className="font-medium text-slate-700">Handover role: </span>
      {role}
      {others.length > 0 && ` Other apps: ${others.join(", ")}.`}
    </p>
  );
}
