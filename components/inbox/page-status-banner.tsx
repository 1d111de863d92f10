"use client";

import { useEffect, useRef } from "react";
import { HEALTH_HINTS, HEALTH_LABELS } from "@/lib/admin/page-health";
import { cn } from "@/lib/cn";
import type { InboxPage } from "@/lib/inbox/types";

/**
 * Above the inbox, for the selected page: its history import in progress ("Importing history… 40/100")
 * and any health state but healthy, so agents know why messages may be missing or replies are paused (a
 * block by Meta shows as an alert, with Meta's reason); live through the socket's `page-updated`. When an import finishes,
 * `onImported` refreshes the conversation list.
 */
export function PageStatusBanner({ page, onImported }: { page: InboxPage | undefined; onImported(): void }) {
  const wasImporting = useRef(false);
  const running = page?.import?.state === "running";
  useEffect(() => {
    if (wasImporting.current && !running) onImported();
    wasImporting.current = running;
  }, [running, onImported]);

  if (!page) return null;
  const lines: { tone: "info" | "warn" | "alert"; text: string }[] = [];
  if (running && page.import) lines.push({ tone: "info", text: `Importing history… ${page.import.done}/${page.import.total}` });
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
