"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { offerProgress } from "@/lib/offers/progress";
import type { ScheduledOffer } from "@/lib/offers/types";
import { BanIcon } from "@/components/offers/offer-icons";

/** Confirms cancelling an offer: what was sent stays sent, nobody else receives it. Cannot close while busy. */
export function CancelOfferDialog({
  offer,
  pending,
  onOpenChange,
  onConfirm,
}: {
  offer: ScheduledOffer | null;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  const progress = offer ? offerProgress(offer) : null;
  const remaining = progress ? Math.max(0, progress.total - progress.processed) : 0;
  return (
    <ConfirmDialog
      open={offer !== null}
      onOpenChange={onOpenChange}
      icon={<BanIcon className="size-5" />}
      title="Cancel this offer?"
      cancelLabel="Keep sending"
      confirmLabel="Cancel offer"
      pendingText="Cancelling..."
      busy={pending}
      onConfirm={onConfirm}
    >
      The offer to <strong className="font-medium text-slate-900">{offer?.page_name}</strong> stops now.{" "}
      {progress && progress.sent > 0 ? `The ${progress.sent.toLocaleString("en-US")} messages already sent stay delivered; ` : ""}
      {remaining > 0 ? `the remaining ${remaining.toLocaleString("en-US")} people will not receive it.` : "Nobody else will receive it."} This cannot be undone.
    </ConfirmDialog>
  );
}
