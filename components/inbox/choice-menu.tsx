"use client";

import * as Popover from "@radix-ui/react-popover";
import type { ReactNode } from "react";

export type Choice = { key: string; label: string; onSelect: () => void };

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The trigger's own props: its name, look and disabled state. */
  trigger: { label: string; title?: string; className: string; disabled?: boolean; children: ReactNode };
  heading?: string;
  /** Shown instead of the choices (loading, none). */
  note?: string | null;
  choices: Choice[];
  disabled?: boolean;
};

/** A button that opens a short list of choices (the snooze times, the bulk bar's labels). */
export function ChoiceMenu({ open, onOpenChange, trigger, heading, note, choices, disabled }: Props) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger disabled={trigger.disabled} aria-label={trigger.label} title={trigger.title ?? trigger.label} className={trigger.className}>
        {trigger.children}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="end" sideOffset={6} className="z-50 max-h-72 w-60 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg">
          {heading && <p className="px-2 pt-1 pb-1.5 text-xs font-semibold text-slate-500">{heading}</p>}
          {note && <p className="px-2 py-1.5 text-sm text-slate-500">{note}</p>}
          <ul>
            {choices.map((choice) => (
              <li key={choice.key}>
                <button
                  type="button"
                  disabled={disabled}
                  onClick={choice.onSelect}
                  className="w-full rounded-lg px-2 py-1.5 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  {choice.label}
                </button>
              </li>
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
