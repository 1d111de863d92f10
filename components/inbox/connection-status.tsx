import { cn } from "@/lib/cn";
import type { SocketStatus } from "@/lib/hooks/use-socket";

const LABELS: Record<SocketStatus, string> = { connecting: "Connecting...", connected: "Live", disconnected: "Offline" };

/** 'Connecting...' until the realtime connection is up (PRODUCT §2), then a small live/offline marker. */
export function ConnectionStatus({ status }: { status: SocketStatus }) {
  return (
    <span role="status" className={cn("inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium", status === "connected" ? "bg-emerald-50 text-emerald-700" : status === "connecting" ? "bg-amber-50 text-amber-700" : "bg-red-50 text-red-700")}>
      <span aria-hidden="true" className={cn("size-1.5 rounded-full", status === "connected" ? "bg-emerald-500" : status === "connecting" ? "animate-pulse bg-amber-500" : "bg-red-500")} />
      {LABELS[status]}
    </span>
  );
}
