"use client";

import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { useReturnFocus } from "@/components/ui/use-return-focus";

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
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          {...returnFocus}
          role="alertdialog"
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none data-[state=open]:animate-pop-in"
        >
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
