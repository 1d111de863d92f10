"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useState, type FormEvent } from "react";
import { ReplyPreview } from "@/components/inbox/saved-replies/reply-preview";
import { Button } from "@/components/ui/button";
import { CENTRED_CARD } from "@/components/ui/dialog-shell";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { fillReply, type ReplyContext } from "@/lib/inbox/reply-variables";

/** A saved reply waiting for its blanks: its title, the text to insert (after the bullet rule) and the blanks' names. */
export type AskingReply = { shortcut: string; text: string; blanks: string[] };

export const BLANK_REQUIRED = (name: string) => `Please fill in ${name}.`;

/**
 * Asks for a saved reply's blanks before it goes into the composer (PRODUCT §13.2): one required field per
 * blank, labelled by its name, and a live preview. Radix primitives rather than DialogShell because focus
 * must land in the composer afterwards (`onDone`), not go back to the popover's item that opened it.
 */
export function ReplyBlanksDialog({
  asking,
  context,
  onFill,
  onClose,
  onDone,
}: {
  asking: AskingReply | null;
  context: ReplyContext;
  onFill: (text: string) => void;
  onClose: () => void;
  /** Runs once the dialog has closed, either way: where focus goes. */
  onDone: () => void;
}) {
  return (
    <Dialog.Root open={asking !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 data-[state=open]:animate-fade-in" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onDone();
          }}
          className={cn(CENTRED_CARD, "max-h-[calc(100dvh-2rem)] max-w-md overflow-y-auto p-5")}
        >
          {asking && <BlanksForm key={asking.text} asking={asking} context={context} onFill={onFill} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function BlanksForm({ asking, context, onFill }: { asking: AskingReply; context: ReplyContext; onFill: (text: string) => void }) {
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const missing = asking.blanks.filter((name) => !answers[name.toLowerCase()]?.trim());

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    if (missing.length) {
      // The first empty field gets the keyboard, with its message read out through aria-describedby.
      document.getElementById(fieldId(asking.blanks.indexOf(missing[0]!)))?.focus();
      return;
    }
    onFill(fillReply(asking.text, context, answers));
  }

  return (
    <form noValidate onSubmit={submit}>
      <Dialog.Title className="text-base font-semibold text-slate-900">Fill in the blanks</Dialog.Title>
      <Dialog.Description className="mt-1 text-sm break-words text-slate-600">
        The saved reply &ldquo;{asking.shortcut}&rdquo; needs {asking.blanks.length === 1 ? "this" : "these"} before it goes into your message.
      </Dialog.Description>
      <div className="mt-4 space-y-3">
        {asking.blanks.map((name, i) => {
          const error = tried && missing.includes(name) ? BLANK_REQUIRED(name) : null;
          return (
            <Field key={name} id={fieldId(i)} label={name} error={error}>
              <Input
                id={fieldId(i)}
                autoFocus={i === 0}
                required
                aria-required
                autoComplete="off"
                invalid={Boolean(error)}
                aria-describedby={error ? `${fieldId(i)}-error` : undefined}
                value={answers[name.toLowerCase()] ?? ""}
                onChange={(event) => setAnswers((current) => ({ ...current, [name.toLowerCase()]: event.target.value }))}
              />
            </Field>
          );
        })}
      </div>
      <p className="mt-4 text-xs font-medium text-slate-500">Preview</p>
      <p data-testid="reply-blanks-preview" className="mt-1 rounded-lg bg-slate-50 px-3 py-2 text-sm break-words whitespace-pre-line text-slate-700">
        <ReplyPreview text={asking.text} context={context} answers={answers} />
      </p>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="secondary">Cancel</Button>
        </Dialog.Close>
        <Button type="submit">Insert</Button>
      </div>
    </form>
  );
}

const fieldId = (i: number) => `reply-blank-${i}`;
