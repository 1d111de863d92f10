"use client";

import { Card } from "@/components/ui/card";
import { Detail } from "@/components/ui/detail-item";
import { formatCreatedAt, splitCreatedAt } from "@/lib/offers/date-range";
import { audienceLabel, isActive, skippedExplanation } from "@/lib/offers/progress";
import type { OfferAction, ScheduledOffer } from "@/lib/offers/types";
import { OfferActions } from "@/components/offers/offer-actions";
import { InfoIcon, TextIcon } from "@/components/offers/offer-icons";
import { ImageIcon } from "@/components/ui/icons";
import { OfferTooltip } from "@/components/offers/offer-tooltip";
import { OfferProgressBar } from "@/components/offers/progress-bar";
import { OfferStatusBadge, OfferTypeBadge } from "@/components/offers/status-badge";

type ListProps = { offers: ScheduledOffer[]; busy: Record<string, OfferAction | undefined>; onAction: (offer: ScheduledOffer, action: OfferAction) => void };

const count = (n: number) => (Number.isFinite(n) ? n : 0).toLocaleString("en-US");

function ContentType({ type }: { type: ScheduledOffer["type"] }) {
  const Icon = type === "image" ? ImageIcon : TextIcon;
  return (
    <span className="inline-flex items-center gap-1 text-xs text-slate-500">
      <Icon className="size-3.5" />
      {type === "image" ? "Image" : "Text"}
    </span>
  );
}

function Skipped({ offer }: { offer: ScheduledOffer }) {
  const total = offer.skippedCount + offer.failedCount;
  return (
    <OfferTooltip label={`${count(offer.skippedCount)} skipped: why`} content={skippedExplanation(offer)}>
      <span className="tabular-nums">{count(offer.skippedCount)}</span>
      {offer.failedCount > 0 && <span className="whitespace-nowrap text-red-600 tabular-nums">+{count(offer.failedCount)} failed</span>}
      <InfoIcon className={total ? "size-3.5 text-slate-400" : "size-3.5 text-slate-300"} />
    </OfferTooltip>
  );
}

/** The page name with what was sent and to whom, so similar offers can be told apart. */
function PageCell({ offer }: { offer: ScheduledOffer }) {
  return (
    <div className="min-w-0">
      <p className="font-medium break-words text-slate-900">{offer.page_name}</p>
      {offer.type === "text" && offer.message ? (
        <p className="mt-0.5 line-clamp-2 text-xs break-words text-slate-500" title={offer.message}>
          {offer.message}
        </p>
      ) : null}
      <p className="mt-0.5 truncate text-xs text-slate-400" title={audienceLabel(offer)}>
        {audienceLabel(offer)}
      </p>
    </div>
  );
}

function CreatedAt({ value }: { value: string }) {
  const { date, time } = splitCreatedAt(value);
  return (
    <time dateTime={value} className="block whitespace-nowrap">
      {date}
      {time && <span className="block text-xs text-slate-500">{time}</span>}
    </time>
  );
}

function Status({ offer }: { offer: ScheduledOffer }) {
  return (
    <div className="min-w-0">
      <OfferStatusBadge status={offer.status} reason={offer.statusReason} />
      {offer.statusReason && (
        <p className="mt-1 line-clamp-2 text-xs break-words text-slate-500" title={offer.statusReason}>
          {offer.statusReason}
        </p>
      )}
    </div>
  );
}

/** md and up: the table of PRODUCT §2 with the brief's progress, skipped, status and action columns. */
export function OffersTable({ offers, busy, onAction }: ListProps) {
  return (
    <Card className="hidden overflow-hidden xl:block">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <tr>
              <th scope="col" className="py-3 pr-2 pl-4">Page</th>
              <th scope="col" className="px-2 py-3">Offer type</th>
              <th scope="col" className="px-2 py-3">Created by</th>
              <th scope="col" className="px-2 py-3">Created at</th>
              <th scope="col" className="px-2 py-3 text-right">Targeted</th>
              <th scope="col" className="w-40 px-2 py-3">Progress</th>
              <th scope="col" className="px-2 py-3">Skipped</th>
              <th scope="col" className="py-3 pr-4 pl-2">Status</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {offers.map((offer) => (
              <tr key={offer._id} data-offer-id={offer._id} className="align-top hover:bg-slate-50/60">
                <td className="max-w-48 py-3 pr-2 pl-4">
                  <PageCell offer={offer} />
                </td>
                <td className="px-2 py-3">
                  <div className="flex flex-col items-start gap-1">
                    <OfferTypeBadge offerType={offer.offerType} />
                    <ContentType type={offer.type} />
                  </div>
                </td>
                <td className="max-w-36 px-2 py-3 break-words text-slate-700">{offer.created_by || "N/A"}</td>
                <td className="px-2 py-3 text-slate-600">
                  <CreatedAt value={offer.created_at} />
                </td>
                <td className="px-2 py-3 text-right font-medium text-slate-900 tabular-nums">{count(offer.count)}</td>
                <td className="px-2 py-3">
                  <OfferProgressBar offer={offer} />
                </td>
                <td className="px-2 py-3 text-slate-700">
                  <Skipped offer={offer} />
                </td>
                <td className="w-36 py-3 pr-4 pl-2">
                  <Status offer={offer} />
                  {isActive(offer.status) && (
                    <div className="mt-2">
                      <OfferActions offer={offer} busy={busy[offer._id] ?? null} onAction={(action) => onAction(offer, action)} />
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/** Below md: one card per offer with the same facts. */
export function OfferCards({ offers, busy, onAction }: ListProps) {
  return (
    <ul className="grid gap-3 md:grid-cols-2 xl:hidden" aria-label="Scheduled offers">
      {offers.map((offer) => (
        <li key={offer._id} data-offer-id={offer._id}>
          <Card className="p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <PageCell offer={offer} />
                <div className="mt-1.5 flex flex-wrap items-center gap-2">
                  <OfferTypeBadge offerType={offer.offerType} />
                  <ContentType type={offer.type} />
                </div>
              </div>
              <OfferStatusBadge status={offer.status} reason={offer.statusReason} />
            </div>
            <div className="mt-3">
              <OfferProgressBar offer={offer} />
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2">
              <Detail layout="fact" label="Targeted" value={count(offer.count)} />
              <Detail layout="fact" label="Skipped" value={<Skipped offer={offer} />} />
              <Detail layout="fact" label="Created by" value={offer.created_by || "N/A"} />
              <Detail layout="fact" label="Created at" value={<time dateTime={offer.created_at}>{formatCreatedAt(offer.created_at)}</time>} />
            </dl>
            {offer.statusReason && <p className="mt-2 text-xs break-words text-slate-500">{offer.statusReason}</p>}
            {isActive(offer.status) ? (
              <div className="mt-3 border-t border-slate-100 pt-3">
                <OfferActions offer={offer} busy={busy[offer._id] ?? null} onAction={(action) => onAction(offer, action)} />
              </div>
            ) : null}
          </Card>
        </li>
      ))}
    </ul>
  );
}
