"use client";

import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { CENTRED_CARD, DialogCloseIcon, DialogShell } from "@/components/ui/dialog-shell";

/**
 * A centred dialog with a title, an optional description, a close icon and the body. Esc, the overlay and
 * the icon close it unless `locked` (while a save is running).
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  locked = false,
  size = "md",
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: ReactNode;
  locked?: boolean;
  size?: "md" | "lg";
  children: ReactNode;
}) {
  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => (!locked || next) && onOpenChange(next)}
      className={cn(CENTRED_CARD, "flex max-h-[calc(100dvh-2rem)] flex-col", size === "lg" ? "max-w-xl" : "max-w-md")}
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-5 py-4 sm:px-6">
        <div className="min-w-0">
          <Dialog.Title className="text-base font-semibold text-slate-900">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="mt-1 text-sm text-slate-500">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
        </div>
        <DialogCloseIcon disabled={locked} className="-mt-1 -mr-2" />
      </div>
      <div className="min-h-0 overflow-y-auto px-5 py-5 sm:px-6">{children}</div>
    </DialogShell>
  );
}
