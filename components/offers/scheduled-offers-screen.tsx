"use client";

import Link from "next/link";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { toast } from "@/lib/toast";
import { useAuth } from "@/components/auth/auth-provider";
import { PageHeader } from "@/components/layout/page-header";
import { HeaderLink } from "@/components/admin/common/admin-header-link";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CalendarClockIcon, RefreshIcon, SendIcon, ShieldAlertIcon } from "@/components/ui/icons";
import { errorMessage } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import { OFFERS_REFRESH_MS, runOfferAction, useOfferProgress, useOffers } from "@/lib/hooks/use-offers";
import { usePages } from "@/lib/hooks/use-pages";
import { ALL_DATES, describeRange, type DateRange } from "@/lib/offers/date-range";
import { applyProgress } from "@/lib/offers/progress";
import { OFFER_TEXTS } from "@/lib/offers/texts";
import type { OfferAction, OfferProgressEvent, ScheduledOffer } from "@/lib/offers/types";
import { CancelOfferDialog } from "@/components/offers/cancel-offer-dialog";
import { DateRangeFilter } from "@/components/offers/date-range-filter";
import { OfferCards, OffersTable } from "@/components/offers/offers-list";

const DONE_TEXT: Record<OfferAction, string> = { pause: "Offer paused", resume: "Offer resumed", cancel: "Offer cancelled" };
const FAILED_TEXT: Record<OfferAction, string> = {
  pause: "Failed to pause offer, please try again",
  resume: "Failed to resume offer, please try again",
  cancel: "Failed to cancel offer, please try again",
};

/** /company/scheduled-offers (PRODUCT §2, §4): the offers with live progress, a date filter and controls. */
export function ScheduledOffersScreen() {
  const { token } = useAuth();
  const [range, setRange] = useState<DateRange>(ALL_DATES);
  const { data: offers, error, isLoading, isValidating, mutate } = useOffers(range);
  const { data: pagesData } = usePages();
  const [busy, setBusy] = useState<Record<string, OfferAction | undefined>>({});
  const [confirming, setConfirming] = useState<ScheduledOffer | null>(null);

  const offersRef = useRef(offers);
  useEffect(() => {
    offersRef.current = offers;
  });

  const onProgress = useCallback(
    (event: OfferProgressEvent) => {
      const known = Boolean(offersRef.current?.some((o) => o._id === event.offerId));
      void mutate((current) => (current ? applyProgress(current, event) : current), { revalidate: false });
      // A new offer (scheduled elsewhere) and a finished one's final numbers come from the list itself.
      if (!known || event.status !== "running") void mutate();
    },
    [mutate],
  );
  // Progress is emitted to the company's admins and to the offer's page room: join the pages in view.
  const pageIds = useMemo(
    () => [...new Set([...(pagesData?.pages ?? []).map((p) => p.id), ...(offers ?? []).flatMap((o) => (o.page_id ? [o.page_id] : []))])].sort(),
    [pagesData, offers],
  );
  const resync = useCallback(() => void mutate(), [mutate]);
  const live = useOfferProgress({ token, pageIds, onProgress, onResync: resync });

  async function act(offer: ScheduledOffer, action: OfferAction) {
    if (action === "cancel" && confirming?._id !== offer._id) {
      setConfirming(offer);
      return;
    }
    setBusy((b) => ({ ...b, [offer._id]: action }));
    try {
      await runOfferAction(offer._id, action);
      toast.success(DONE_TEXT[action]);
      setConfirming(null);
      await mutate();
    } catch (err) {
      toast.error(errorMessage(err, FAILED_TEXT[action]));
      setConfirming(null);
      // A 409 means the offer moved on (finished, or someone else acted): show where it is now.
      void mutate();
    } finally {
      setBusy((b) => ({ ...b, [offer._id]: undefined }));
    }
  }

  const filtered = Boolean(range.from || range.to);

  return (
    <>
      <PageHeader
        title="Scheduled Offers"
        subtitle="Bulk offers and how far each one has got. The list refreshes every 10 seconds."
        actions={<HeaderLink href="/company/send-offer" icon={SendIcon}>Send Offer</HeaderLink>}
      />

      <Card className="mb-4 p-4">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
          <DateRangeFilter value={range} onChange={setRange} />
          <p className="flex items-center gap-2 text-xs text-slate-500" aria-live="polite">
            <span className={cn("size-2 rounded-full", live ? "bg-emerald-500" : "bg-slate-300")} aria-hidden="true" />
            {live ? "Live progress" : `Refreshing every ${OFFERS_REFRESH_MS / 1000} s`}
            {isValidating && !isLoading ? " · updating…" : ""}
          </p>
        </div>
      </Card>

      {error && offers ? (
        <div role="alert" className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-2.5 text-sm text-amber-800">
          <span className="min-w-0 flex-1">Could not refresh the offers; showing the last ones loaded.</span>
          <Button size="sm" variant="secondary" onClick={() => void mutate()}>
            Retry
          </Button>
        </div>
      ) : null}

      {!offers && error ? (
        <Card className="flex flex-col items-center px-6 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
            <ShieldAlertIcon className="size-6" />
          </span>
          <h2 className="mt-4 text-base font-semibold text-slate-900">{OFFER_TEXTS.loadFailed}</h2>
          <p className="mt-1 max-w-sm text-sm break-words text-slate-500">{errorMessage(error, "Please check your connection and try again.")}</p>
          <Button className="mt-5" variant="secondary" onClick={() => void mutate()} pending={isValidating} pendingText="Retrying...">
            <RefreshIcon className="size-4" />
            Retry
          </Button>
        </Card>
      ) : !offers && isLoading ? (
        <Card className="p-4" aria-busy="true">
          <p className="sr-only" role="status">
            Loading offers...
          </p>
          <div className="space-y-3" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-14 animate-pulse rounded-lg bg-slate-100" />
            ))}
          </div>
        </Card>
      ) : offers && offers.length === 0 ? (
        <Card className="flex flex-col items-center px-6 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
            <CalendarClockIcon className="size-6" />
          </span>
          <h2 className="mt-4 text-base font-semibold text-slate-900">{filtered ? OFFER_TEXTS.noOffersInRange : OFFER_TEXTS.noOffers}</h2>
          <p className="mt-1 max-w-sm text-sm text-slate-500">
            {filtered ? `Nothing was scheduled ${describeRange(range)}.` : "Offers you schedule appear here with their progress."}
          </p>
          <div className="mt-5 flex flex-wrap justify-center gap-2">
            {filtered && (
              <Button variant="secondary" onClick={() => setRange(ALL_DATES)}>
                Show all dates
              </Button>
            )}
            <Link href="/company/send-offer" className={buttonClasses({ variant: filtered ? "ghost" : "primary" })}>
              Send Offer
            </Link>
          </div>
        </Card>
      ) : offers ? (
        <>
          <OffersTable offers={offers} busy={busy} onAction={act} />
          <OfferCards offers={offers} busy={busy} onAction={act} />
          <p className="mt-3 text-xs text-slate-500">
            {offers.length === 1 ? "1 offer" : `${offers.length} offers`} · {describeRange(range)}
          </p>
        </>
      ) : null}

      <CancelOfferDialog
        offer={confirming}
        pending={confirming ? busy[confirming._id] === "cancel" : false}
        onOpenChange={(open) => !open && setConfirming(null)}
        onConfirm={() => confirming && void act(confirming, "cancel")}
      />
    </>
  );
}
