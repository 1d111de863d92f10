"use client";

import { useEffect, useRef } from "react";
import dynamic from "next/dynamic";
import type { InboxPage } from "@/lib/inbox/types";

// The lines and their texts (the health labels and hints) load only when there is something to say: most
// first loads have none (docs/PERFORMANCE.md, the /chats first load).
const PageStatusLines = dynamic(() => import("@/components/inbox/page-status-lines").then((m) => m.PageStatusLines), { ssr: false });

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

  if (!page || (!running && page.health === "healthy")) return null;
  return <PageStatusLines page={page} />;
}
