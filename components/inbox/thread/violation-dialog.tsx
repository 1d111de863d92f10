"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { TEXTS } from "@/lib/inbox/constants";
import { Button } from "@/components/ui/button";
import { ShieldAlertIcon } from "@/components/ui/icons";
import { CENTRED_CARD, DialogShell } from "@/components/ui/dialog-shell";
import { cn } from "@/lib/cn";

/** The link-violation dialog (PRODUCT §8): the blocked urls and Acknowledge. */
export function ViolationDialog({ urls, onClose }: { urls: string[] | null; onClose: () => void }) {
  return (
    <DialogShell open={urls !== null} onOpenChange={(open) => !open && onClose()} className={cn(CENTRED_CARD, "max-w-md p-5")}>
      <div className="flex gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-600">
          <ShieldAlertIcon className="size-5" />
        </span>
        <div className="min-w-0">
          <Dialog.Title className="text-base font-semibold text-slate-900">{TEXTS.violationTitle}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">These links are not on your organisation&apos;s approved list, so the message was not sent:</Dialog.Description>
        </div>
      </div>
      <ul className="mt-4 max-h-48 space-y-1.5 overflow-y-auto">
        {(urls ?? []).map((url) => (
          <li key={url} className="rounded-md bg-red-50 px-2.5 py-1.5 font-mono text-xs break-all text-red-700">
            {url}
          </li>
        ))}
      </ul>
      <div className="mt-5 flex justify-end">
        <Dialog.Close asChild>
          <Button variant="danger">Acknowledge</Button>
        </Dialog.Close>
      </div>
    </DialogShell>
  );
}
