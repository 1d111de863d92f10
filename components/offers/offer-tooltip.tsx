"use client";

import * as Popover from "@radix-ui/react-popover";
import { useState, type ReactNode } from "react";

/**
 * A small tooltip that also works on touch: it opens on hover and keyboard focus, and a tap toggles it.
 * Radix positions it inside the viewport, so it never widens the page.
 */
export function OfferTooltip({ label, content, children }: { label: string; content: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={label}
        onPointerEnter={(e) => e.pointerType === "mouse" && setOpen(true)}
        onPointerLeave={(e) => e.pointerType === "mouse" && setOpen(false)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        className="inline-flex items-center gap-1 rounded-sm underline decoration-slate-300 decoration-dotted underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        {children}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          role="tooltip"
          side="top"
          sideOffset={6}
          collisionPadding={8}
          onOpenAutoFocus={(e) => e.preventDefault()}
          className="z-50 max-w-64 animate-pop-in rounded-lg bg-slate-900 px-3 py-2 text-xs leading-relaxed text-white shadow-lg"
        >
          {content}
          <Popover.Arrow className="fill-slate-900" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
