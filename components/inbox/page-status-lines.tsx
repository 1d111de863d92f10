import { HEALTH_HINTS, HEALTH_LABELS } from "@/lib/admin/page-health";
import { cn } from "@/lib/cn";
import type { InboxPage } from "@/lib/inbox/types";

/** The page status banner's lines (page-status-banner.tsx): the import's progress and the health state. */
export function PageStatusLines({ page }: { page: InboxPage }) {
  const lines: { tone: "info" | "warn" | "alert"; text: string }[] = [];
  if (page.import?.state === "running") lines.push({ tone: "info", text: `Importing history… ${page.import.done}/${page.import.total}` });
  if (page.health !== "healthy") {
    // Meta's own words for a block or warning: what the page did, as Meta put it.
    const policy = (page.health === "policy_blocked" || page.health === "policy_warning") && page.policy?.reason ? ` Meta's reason: ${page.policy.reason}` : "";
    lines.push({ tone: page.health === "policy_blocked" ? "alert" : "warn", text: `${page.name}: ${HEALTH_LABELS[page.health]}. ${HEALTH_HINTS[page.health]}${policy}` });
  }
  if (!lines.length) return null;
  const alert = lines.some((line) => line.tone === "alert");
  return (
    <div role={alert ? "alert" : "status"} data-health={page.health} className={cn("space-y-1 border-b px-4 py-2 text-sm", alert ? "border-red-200 bg-red-50" : "border-slate-200")}>
      {lines.map((line) => (
        <p key={line.text} className={line.tone === "info" ? "text-blue-700" : line.tone === "alert" ? "font-medium text-red-800" : "text-amber-800"}>
          {line.text}
        </p>
      ))}
    </div>
  );
}
