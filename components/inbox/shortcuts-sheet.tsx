"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { OTHER_KEYS, SHORTCUTS } from "@/lib/inbox/shortcuts";
import { XIcon } from "@/components/ui/icons";
import { useReturnFocus } from "@/components/ui/use-return-focus";

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
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40 data-[state=open]:animate-fade-in" />
        <Dialog.Content
          {...returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[85dvh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none data-[state=open]:animate-pop-in"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-base font-semibold text-slate-900">Keyboard shortcuts</Dialog.Title>
            <Dialog.Close aria-label="Close" className="flex size-8 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100">
              <XIcon className="size-4" />
            </Dialog.Close>
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
