"use client";

import { useEffect } from "react";
import { useInboxRealtime, type InboxRealtimeOptions } from "@/lib/hooks/use-inbox-realtime";
import type { SocketStatus } from "@/lib/hooks/use-socket";

/**
 * The inbox's realtime wiring as a component, so that it and socket.io-client load in their own chunk after the
 * list's first paint (LazyInboxLive, docs/PERFORMANCE.md "first load"). It draws nothing: the connection state
 * goes up through onStatus.
 */
export function InboxLive({ onStatus, ...options }: InboxRealtimeOptions & { onStatus: (status: SocketStatus) => void }) {
  const status = useInboxRealtime(options);
  useEffect(() => onStatus(status), [status, onStatus]);
  return null;
}
