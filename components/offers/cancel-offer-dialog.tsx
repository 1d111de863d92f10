"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { Button } from "@/components/ui/button";
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
    <Dialog.Root open={offer !== null} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 data-[state=open]:animate-fade-in" />
        <Dialog.Content
          role="alertdialog"
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none data-[state=open]:animate-pop-in"
        >
          <div className="flex items-start gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-600">
              <BanIcon className="size-5" />
            </span>
            <div className="min-w-0">
              <Dialog.Title className="text-base font-semibold text-slate-900">Cancel this offer?</Dialog.Title>
              <Dialog.Description className="mt-1.5 text-sm break-words text-slate-600">
                The offer to <strong className="font-medium text-slate-900">{offer?.page_name}</strong> stops now.{" "}
                {progress && progress.sent > 0 ? `The ${progress.sent.toLocaleString("en-US")} messages already sent stay delivered; ` : ""}
                {remaining > 0 ? `the remaining ${remaining.toLocaleString("en-US")} people will not receive it.` : "Nobody else will receive it."} This cannot be undone.
              </Dialog.Description>
            </div>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={pending}>
                Keep sending
              </Button>
            </Dialog.Close>
            <Button variant="danger" pending={pending} pendingText="Cancelling..." onClick={onConfirm}>
              Cancel offer
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
