import type { OfferAction, OfferProgressEvent, OfferStatus, ScheduledOffer } from "@/lib/offers/types";

// Progress of a bulk offer (PRODUCT §4: sent count and percent), status presentation, and the live merge of
// `offer-progress` events into the list.

/** 0–100, whole numbers, rounded down so an offer never reads 100 % before its last message. */
export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, Math.floor(value)));
}

export type OfferProgress = {
  sent: number;
  total: number;
  /** Handled so far (sent + skipped + failed), what the bar fills with. */
  processed: number;
  percent: number;
  /** "12 / 40 sent" */
  label: string;
};

/**
 * The bar's numbers. The server's percent (processed / targeted) is used when present; otherwise it is
 * computed here. A finished offer reads 100 %; an offer that targeted nobody reads 0 % until it finishes.
 */
export function offerProgress(offer: Pick<ScheduledOffer, "count" | "messagesCount" | "skippedCount" | "failedCount" | "percent" | "status">): OfferProgress {
  const total = Math.max(0, Math.floor(offer.count || 0));
  const sent = Math.max(0, Math.floor(offer.messagesCount || 0));
  const processed = Math.min(total, sent + Math.max(0, offer.skippedCount || 0) + Math.max(0, offer.failedCount || 0));
  let percent: number;
  if (offer.status === "completed") percent = 100;
  else if (typeof offer.percent === "number" && Number.isFinite(offer.percent)) percent = clampPercent(offer.percent);
  else percent = total > 0 ? clampPercent((processed / total) * 100) : 0;
  return { sent, total, processed, percent, label: `${sent.toLocaleString("en-US")} / ${total.toLocaleString("en-US")} sent` };
}

export function formatPercent(value: number): string {
  return `${clampPercent(value)}%`;
}

export const STATUS_LABELS: Record<OfferStatus, string> = {
  scheduled: "Scheduled",
  running: "Sending",
  paused: "Paused",
  completed: "Completed",
  cancelled: "Cancelled",
  failed: "Failed",
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status as OfferStatus] ?? status;
}

/** Pause/Resume/Cancel while an offer is going (the API pauses queued and running offers, cancels any unfinished one). */
export function offerActions(status: OfferStatus): OfferAction[] {
  switch (status) {
    case "scheduled":
    case "running":
      return ["pause", "cancel"];
    case "paused":
      return ["resume", "cancel"];
    default:
      return [];
  }
}

export function isActive(status: OfferStatus): boolean {
  return status === "scheduled" || status === "running" || status === "paused";
}

/** Why people were skipped, for the skipped count's tooltip. */
export function skippedExplanation(offer: Pick<ScheduledOffer, "skippedCount" | "failedCount">): string {
  const parts = [
    `${offer.skippedCount} skipped: outside the 24 h messaging window, marked as spam, too long for Instagram, or no longer reachable on Messenger or Instagram.`,
  ];
  if (offer.failedCount > 0) parts.push(`${offer.failedCount} failed: Facebook refused the message.`);
  return parts.join(" ");
}

/** Merges a live `offer-progress` event into the list; the same array when the offer is not in it. */
export function applyProgress(offers: ScheduledOffer[], event: OfferProgressEvent): ScheduledOffer[] {
  const index = offers.findIndex((o) => o._id === event.offerId);
  if (index < 0) return offers;
  const current = offers[index]!;
  const next: ScheduledOffer = {
    ...current,
    // Events may arrive out of order with the 10 s refetch; counts never go backwards.
    messagesCount: Math.max(current.messagesCount, event.sentCount),
    skippedCount: Math.max(current.skippedCount, event.skippedCount),
    failedCount: Math.max(current.failedCount, event.failedCount),
    percent: current.status === "completed" ? current.percent : Math.max(current.percent, event.percent),
    status: event.status,
    ...(event.statusReason !== undefined ? { statusReason: event.statusReason } : {}),
    ...(typeof event.count === "number" ? { count: event.count } : {}),
  };
  const copy = offers.slice();
  copy[index] = next;
  return copy;
}

/** Who the offer was for, from its label rule: "Everyone", "Labels: vip, late", "Everyone except: vip". */
export function audienceLabel(offer: Pick<ScheduledOffer, "tags" | "exclude">): string {
  const tags = offer.tags ?? [];
  if (!tags.length) return "Everyone on the page";
  return `${offer.exclude ? "Everyone except" : "Labels"}: ${tags.join(", ")}`;
}
