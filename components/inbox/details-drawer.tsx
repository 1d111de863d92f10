"use client";

import type { ReactNode } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import { DialogCloseIcon, DialogShell } from "@/components/ui/dialog-shell";

/** The right panel on narrower screens: a slide-over from the right, closed by ×, Esc or the overlay. */
export function DetailsDrawer({ open, onOpenChange, children }: { open: boolean; onOpenChange: (open: boolean) => void; children: ReactNode }) {
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      overlayClassName="fixed inset-0 z-40 animate-fade-in bg-slate-900/30"
      className="fixed inset-y-0 right-0 z-40 flex w-full max-w-sm animate-fade-in flex-col bg-white shadow-xl focus:outline-none"
    >
      <div className="flex h-14 shrink-0 items-center justify-between border-b border-slate-200 px-4">
        <Dialog.Title className="text-sm font-semibold text-slate-900">Labels and notes</Dialog.Title>
        <Dialog.Description className="sr-only">The conversation&apos;s labels and notes</Dialog.Description>
        <DialogCloseIcon />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
    </DialogShell>
  );
}
