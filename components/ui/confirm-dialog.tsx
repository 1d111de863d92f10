"use client";

import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { CENTRED_CARD, DialogShell } from "@/components/ui/dialog-shell";
import { cn } from "@/lib/cn";

/**
 * The frame of every destructive confirmation (an alertdialog): icon, title, text, a way back and the red
 * action. While busy it cannot be closed and the action shows `pendingText`.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  icon,
  title,
  children,
  cancelLabel,
  confirmLabel,
  pendingText,
  busy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  icon: ReactNode;
  title: string;
  children: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  pendingText: string;
  busy: boolean;
  onConfirm(): void;
}) {
  return (
    <DialogShell alert open={open} onOpenChange={(next) => !busy && onOpenChange(next)} className={cn(CENTRED_CARD, "max-w-md p-6")}>
      <div className="flex items-start gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-600">{icon}</span>
        <div className="min-w-0">
          <Dialog.Title className="text-base font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-1.5 text-sm break-words text-slate-600">{children}</Dialog.Description>
        </div>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="secondary" disabled={busy}>
            {cancelLabel}
          </Button>
        </Dialog.Close>
        <Button variant="danger" pending={busy} pendingText={pendingText} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </DialogShell>
  );
}
