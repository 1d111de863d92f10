import { cn } from "@/lib/cn";
import { formatPercent, offerProgress } from "@/lib/offers/progress";
import type { ScheduledOffer } from "@/lib/offers/types";

/** PRODUCT §4: progress as the sent count and percent, over a bar. */
export function OfferProgressBar({ offer }: { offer: ScheduledOffer }) {
  const progress = offerProgress(offer);
  const done = offer.status === "completed";
  const stopped = offer.status === "cancelled" || offer.status === "failed";
  return (
    <div className="min-w-0">
      <div className="flex items-baseline justify-between gap-2 text-xs">
        <span className="truncate text-slate-600">{progress.label}</span>
        <span className="font-semibold text-slate-900 tabular-nums">{formatPercent(progress.percent)}</span>
      </div>
      <div
        role="progressbar"
        aria-label={`Progress of the offer to ${offer.page_name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={`${progress.label}, ${formatPercent(progress.percent)}`}
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={cn(
            "h-full rounded-full transition-[width] duration-500",
            done ? "bg-emerald-500" : stopped ? "bg-slate-400" : offer.status === "paused" ? "bg-amber-400" : "bg-indigo-500",
          )}
          style={{ width: `${progress.percent}%` }}
        />
      </div>
    </div>
  );
}
