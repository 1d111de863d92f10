"use client";

import { Button } from "@/components/ui/button";
import { offerActions } from "@/lib/offers/progress";
import type { OfferAction, ScheduledOffer } from "@/lib/offers/types";
import { BanIcon, PauseIcon, PlayIcon } from "@/components/offers/offer-icons";

const ACTION_LABELS: Record<OfferAction, string> = { pause: "Pause", resume: "Resume", cancel: "Cancel" };
const ACTION_ICONS = { pause: PauseIcon, resume: PlayIcon, cancel: BanIcon } as const;

/** Pause / Resume / Cancel for an offer that is still going; nothing for a finished one. */
export function OfferActions({ offer, busy, onAction }: { offer: ScheduledOffer; busy: OfferAction | null; onAction: (action: OfferAction) => void }) {
  const actions = offerActions(offer.status);
  if (!actions.length) return <span className="text-xs text-slate-400">—</span>;
  return (
    <div className="flex flex-wrap gap-1.5">
      {actions.map((action) => {
        const Icon = ACTION_ICONS[action];
        return (
          <Button
            key={action}
            size="sm"
            variant={action === "cancel" ? "ghost-danger" : "secondary"}
            disabled={busy !== null}
            pending={busy === action}
            onClick={() => onAction(action)}
            aria-label={`${ACTION_LABELS[action]} the offer to ${offer.page_name}`}
          >
            {busy !== action && <Icon className="size-3.5" />}
            {ACTION_LABELS[action]}
          </Button>
        );
      })}
    </div>
  );
}
