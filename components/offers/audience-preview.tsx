"use client";

import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ClockIcon } from "@/components/ui/icons";
import { errorMessage } from "@/lib/api/client";
import { useOfferAudience } from "@/lib/hooks/use-offers";
import type { OfferDraft } from "@/lib/offers/draft";
import { InfoIcon, UsersRoundIcon } from "@/components/offers/offer-icons";

const n = (value: number) => value.toLocaleString("en-US");

/**
 * Beyond the spec: how many customers the page and labels select and how many can receive the offer now —
 * promotional messages may only go to people who wrote within 24 h (docs/META.md); the rest are skipped.
 */
export function AudiencePreview({ draft }: { draft: Pick<OfferDraft, "pageId" | "tags" | "exclude"> }) {
  const { data, error, isValidating, mutate } = useOfferAudience(draft);
  const share = data && data.matching > 0 ? Math.round((data.insideWindow / data.matching) * 100) : 0;

  return (
    <Card className="p-5" aria-labelledby="audience-title">
      <div className="flex items-center gap-2">
        <UsersRoundIcon className="size-5 text-indigo-600" />
        <h2 id="audience-title" className="text-sm font-semibold text-slate-900">
          Who receives it
        </h2>
      </div>

      <div aria-live="polite" className="mt-4">
        {!draft.pageId ? (
          <p className="text-sm text-slate-500">Select a page to see how many customers the offer reaches.</p>
        ) : error && !data ? (
          <div className="space-y-2">
            <p className="text-sm text-red-600">{errorMessage(error, "Could not count the audience")}</p>
            <Button size="sm" variant="secondary" onClick={() => void mutate()}>
              Try again
            </Button>
          </div>
        ) : !data ? (
          <div className="space-y-2" role="status" aria-label="Counting customers">
            <div className="h-8 w-24 animate-pulse rounded bg-slate-100" />
            <div className="h-4 w-40 animate-pulse rounded bg-slate-100" />
          </div>
        ) : (
          <div className={isValidating ? "opacity-70 transition-opacity" : "transition-opacity"} data-testid="offer-audience">
            <p className="text-sm text-slate-600">
              <span className="block text-3xl font-semibold text-slate-900 tabular-nums">{n(data.insideWindow)}</span>{" "}
              {data.insideWindow === 1 ? "customer can" : "customers can"} receive it now
            </p>
            <div className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
              <div className="h-full rounded-full bg-emerald-500 transition-[width]" style={{ width: `${share}%` }} />
            </div>
            <p className="mt-2 text-sm text-slate-600">
              <span className="font-medium text-slate-900 tabular-nums">{n(data.matching)}</span> {data.matching === 1 ? "customer matches" : "customers match"}
              {data.matching > 0 ? `; ${n(data.matching - data.insideWindow)} outside the 24 h window` : ""}
            </p>
            {data.matching === 0 && <p className="mt-2 text-sm text-amber-700">Nobody matches these labels yet.</p>}
            {data.matching > 0 && data.insideWindow === 0 && (
              <p className="mt-2 text-sm text-amber-700">Nobody has written to this page in the last 24 hours, so no one would receive it right now.</p>
            )}
          </div>
        )}
      </div>

      <div className="mt-5 flex gap-2.5 rounded-lg bg-slate-50 p-3 text-xs leading-relaxed text-slate-600">
        <ClockIcon className="mt-0.5 size-4 shrink-0 text-slate-400" />
        <p>
          Facebook lets pages send promotional messages only to people who messaged the page in the <strong className="font-medium">last 24 hours</strong>.
          Everyone else is skipped, and the window is checked again as each message goes out.
        </p>
      </div>
      <p className="mt-3 flex gap-2 text-xs text-slate-500">
        <InfoIcon className="size-4 shrink-0 text-slate-400" />
        Offers are sent in the background; follow their progress on Scheduled Offers.
      </p>
    </Card>
  );
}

/** The same count in one line beside the schedule button, for screens where the card sits far below. */
export function AudienceSummary({ draft }: { draft: Pick<OfferDraft, "pageId" | "tags" | "exclude"> }) {
  const { data } = useOfferAudience(draft);
  if (!draft.pageId || !data) return null;
  return (
    <p className="flex items-center gap-1.5 text-sm text-slate-600">
      <UsersRoundIcon className="size-4 shrink-0 text-indigo-600" />
      <span>
        <strong className="font-semibold text-slate-900 tabular-nums">{n(data.insideWindow)}</strong> of {n(data.matching)} can receive it now
      </span>
    </p>
  );
}
