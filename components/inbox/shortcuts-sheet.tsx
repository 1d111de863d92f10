"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { OTHER_KEYS, SHORTCUTS } from "@/lib/inbox/shortcuts";
import { cn } from "@/lib/cn";
import { CENTRED_CARD, DialogCloseIcon, DialogShell } from "@/components/ui/dialog-shell";

function Keys({ keys }: { keys: string[] }) {
  return (
    <span className="flex shrink-0 gap-1">
      {keys.map((k) => (
        <kbd key={k} className="min-w-6 rounded-md border border-slate-300 bg-slate-50 px-1.5 py-0.5 text-center font-mono text-xs text-slate-700 shadow-[0_1px_0_var(--color-slate-300)]">
          {k}
        </kbd>
      ))}
    </span>
  );
}

/** The '?' sheet: every inbox shortcut. */
export function ShortcutsSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} className={cn(CENTRED_CARD, "max-h-[85dvh] max-w-md overflow-y-auto p-5")}>
      <div className="flex items-center justify-between">
        <Dialog.Title className="text-base font-semibold text-slate-900">Keyboard shortcuts</Dialog.Title>
        <DialogCloseIcon />
      </div>
      <Dialog.Description className="mt-1 text-sm text-slate-500">They work anywhere in the inbox except while you type in a field.</Dialog.Description>
      <ul className="mt-4 divide-y divide-slate-100 text-sm">
        {[...SHORTCUTS, ...OTHER_KEYS].map((s) => (
          <li key={s.label} className="flex items-center justify-between gap-4 py-2">
            <span className="text-slate-700">{s.label}</span>
            <Keys keys={s.keys} />
          </li>
        ))}
      </ul>
    </DialogShell>
  );
}
