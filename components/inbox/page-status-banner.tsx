"use client";

import { useEffect, useRef } from "react";
import { HEALTH_HINTS, HEALTH_LABELS } from "@/lib/admin/page-health";
import type { InboxPage } from "@/lib/inbox/types";

/**
 * Above the inbox, for the selected page: its history import in progress ("Importing history… 40/100")
 * and any health state but healthy, so agents know why messages may be missing. When an import finishes,
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
  const lines: { tone: "info" | "warn"; text: string }[] = [];
  if (running && page.import) lines.push({ tone: "info", text: `Importing history… ${page.import.done}/${page.import.total}` });
  if (page.health !== "healthy") lines.push({ tone: "warn", text: `${page.name}: ${HEALTH_LABELS[page.health]}. ${HEALTH_HINTS[page.health]}` });
  if (!lines.length) return null;
  return (
    <div role="status" className="space-y-1 border-b border-slate-200 px-4 py-2 text-sm">
      {lines.map((line) => (
        <p key={line.text} className={line.tone === "info" ? "text-blue-700" : "text-amber-800"}>
          {line.text}
        </p>
      ))}
    </div>
  );
}
