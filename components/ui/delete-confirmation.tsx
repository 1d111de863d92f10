"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TrashIcon } from "@/components/ui/icons";

/**
 * The generic 'Delete Confirmation' dialog (SPEC §2). `item` completes "Are you sure you want to delete …?"
 * and is rendered as text. `onConfirm` may return a promise: the dialog shows 'Deleting...' until it
 * settles, closes itself when it resolves and stays open when it rejects (the caller reports the error).
 * `pending` shows the same busy state for callers that track it themselves. While busy, it cannot be closed.
 */
export function DeleteConfirmation({
  open,
  onOpenChange,
  item,
  onConfirm,
  pending = false,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  item: string;
  onConfirm(): Promise<void> | void;
  pending?: boolean;
}) {
  const [running, setRunning] = useState(false);
  const busy = pending || running;

  async function confirm() {
    if (busy) return;
    const result = onConfirm();
    if (!(result instanceof Promise)) return;
    setRunning(true);
    try {
      await result;
      onOpenChange(false);
    } catch {
      // The caller shows its own error; the dialog stays open so the user can retry or cancel.
    } finally {
      setRunning(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          role="alertdialog"
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none data-[state=open]:animate-pop-in"
        >
          <div className="flex items-start gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-600">
              <TrashIcon className="size-5" />
            </span>
            <div className="min-w-0">
              <Dialog.Title className="text-base font-semibold text-slate-900">Delete Confirmation</Dialog.Title>
              <Dialog.Description className="mt-1.5 text-sm break-words text-slate-600">
                Are you sure you want to delete {item}? This action cannot be undone.
              </Dialog.Description>
            </div>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={busy}>
                Cancel
              </Button>
            </Dialog.Close>
            <Button variant="danger" pending={busy} pendingText="Deleting..." onClick={confirm}>
              Delete
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
