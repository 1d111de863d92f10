"use client";

import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { XIcon } from "@/components/ui/icons";
import { cn } from "@/lib/cn";
import { useReturnFocus } from "@/components/ui/use-return-focus";

/** The overlay most dialogs use; drawers pass their own. */
const OVERLAY = "fixed inset-0 z-50 bg-slate-900/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in";

/** A card centred on the screen, at most the width given by the caller's `max-w-*`. */
export const CENTRED_CARD = "fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white shadow-xl focus:outline-none data-[state=open]:animate-pop-in";

/**
 * Every dialog's frame: Radix root, portal, overlay and content, with focus going back where it was when it
 * closes (useReturnFocus). The caller places and sizes the content and fills it.
 */
export function DialogShell({
  open,
  onOpenChange,
  className,
  overlayClassName = OVERLAY,
  undescribed = false,
  alert = false,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  className: string;
  overlayClassName?: string;
  /** The content has no Dialog.Description: say so, or Radix warns. */
  undescribed?: boolean;
  /** A destructive confirmation: announced as an alertdialog. */
  alert?: boolean;
  children: ReactNode;
}) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClassName} />
        <Dialog.Content {...returnFocus} {...(undescribed ? { "aria-describedby": undefined } : {})} {...(alert ? { role: "alertdialog" } : {})} className={className}>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The ✕ in a dialog's corner. */
export function DialogCloseIcon({ label = "Close", large = false, disabled, className }: { label?: string; large?: boolean; disabled?: boolean; className?: string }) {
  return (
    <Dialog.Close
      aria-label={label}
      disabled={disabled}
      className={cn(
        "flex shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-40",
        large ? "size-10" : "size-8",
        className,
      )}
    >
      <XIcon className={large ? "size-5" : "size-4"} />
    </Dialog.Close>
  );
}
