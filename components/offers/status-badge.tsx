import { cn } from "@/lib/cn";
import { statusLabel } from "@/lib/offers/progress";
import type { OfferStatus } from "@/lib/offers/types";

const STATUS_CLASSES: Record<OfferStatus, string> = {
  scheduled: "bg-sky-50 text-sky-700 ring-sky-600/20",
  running: "bg-indigo-50 text-indigo-700 ring-indigo-600/20",
  paused: "bg-amber-50 text-amber-800 ring-amber-600/20",
  completed: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  cancelled: "bg-slate-100 text-slate-600 ring-slate-500/20",
  failed: "bg-red-50 text-red-700 ring-red-600/20",
};

/** The offer's status as a pill; a sending offer has a pulsing dot. */
export function OfferStatusBadge({ status, reason }: { status: OfferStatus; reason?: string | null }) {
  return (
    <span
      title={reason ?? undefined}
      className={cn("inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset", STATUS_CLASSES[status] ?? STATUS_CLASSES.cancelled)}
    >
      <span className={cn("size-1.5 rounded-full bg-current", status === "running" && "animate-pulse")} aria-hidden="true" />
      {statusLabel(status)}
    </span>
  );
}

/** PRODUCT §3: offerType ('general' or another value) as a badge. */
export function OfferTypeBadge({ offerType }: { offerType: string }) {
  const value = offerType || "general";
  return (
    <span className="inline-flex max-w-full items-center rounded-md bg-violet-50 px-2 py-0.5 text-xs font-medium text-violet-700 capitalize ring-1 ring-violet-600/20 ring-inset">
      <span className="truncate">{value.replace(/_/g, " ")}</span>
    </span>
  );
}
