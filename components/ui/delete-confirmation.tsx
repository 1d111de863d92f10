"use client";

import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TrashIcon } from "@/components/ui/icons";

/**
 * The generic 'Delete Confirmation' dialog (PRODUCT §2). `item` completes "Are you sure you want to delete …?"
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
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      icon={<TrashIcon className="size-5" />}
      title="Delete Confirmation"
      cancelLabel="Cancel"
      confirmLabel="Delete"
      pendingText="Deleting..."
      busy={busy}
      onConfirm={() => void confirm()}
    >
      Are you sure you want to delete {item}? This action cannot be undone.
    </ConfirmDialog>
  );
}
