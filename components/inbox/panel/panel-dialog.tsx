"use client";

import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { CENTRED_CARD, DialogCloseIcon, DialogShell } from "@/components/ui/dialog-shell";

/** The modal frame of the right panel's dialogs: overlay, centred card, title, optional description, ✕. */
export function PanelDialog({
  open,
  onOpenChange,
  title,
  description,
  actions,
  footer,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** Extra header buttons, shown before the close button. */
  actions?: ReactNode;
  /** Buttons under the scrolling body. */
  footer?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} undescribed={!description} className={cn(CENTRED_CARD, "flex max-h-[calc(100dvh-2rem)] max-w-md flex-col", className)}>
      <div className="flex items-start gap-2 border-b border-slate-100 px-5 py-4">
        <div className="min-w-0 flex-1">
          <Dialog.Title className="text-base font-semibold text-slate-900">{title}</Dialog.Title>
          {description && <Dialog.Description className="mt-1 text-sm text-slate-500">{description}</Dialog.Description>}
        </div>
        {actions}
        <DialogCloseIcon className="-mr-1" />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
      {footer && <div className="flex flex-col-reverse gap-2 border-t border-slate-100 px-5 py-3 sm:flex-row sm:justify-end">{footer}</div>}
    </DialogShell>
  );
}
