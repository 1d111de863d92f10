"use client";

import type { ReactNode } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import { XIcon } from "@/components/ui/icons";
import { useReturnFocus } from "@/components/ui/use-return-focus";

/** The right panel on narrower screens: a slide-over from the right, closed by ×, Esc or the overlay. */
export function DetailsDrawer({ open, onOpenChange, children }: { open: boolean; onOpenChange: (open: boolean) => void; children: ReactNode }) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 animate-fade-in bg-slate-900/30" />
        <Dialog.Content
          {...returnFocus}
          className="fixed inset-y-0 right-0 z-40 flex w-full max-w-sm animate-fade-in flex-col bg-white shadow-xl focus:outline-none"
        >
          <div className="flex h-14 shrink-0 items-center justify-between border-b border-slate-200 px-4">
            <Dialog.Title className="text-sm font-semibold text-slate-900">Labels and notes</Dialog.Title>
            <Dialog.Description className="sr-only">The conversation&apos;s labels and notes</Dialog.Description>
            <Dialog.Close aria-label="Close" className="flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100">
              <XIcon className="size-4" />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
