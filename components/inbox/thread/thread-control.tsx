"use client";

import * as Popover from "@radix-ui/react-popover";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { errorMessage } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import { passControl, takeControl, type ThreadControlMutator } from "@/lib/hooks/use-thread-control";
import { controlNotice, ownerChip, PASS_BACK_LABEL, REQUEST_CONTROL_LABEL, TAKE_CONTROL_LABEL, type PassTarget, type ThreadControl } from "@/lib/inbox/thread-control";
import { LockIcon } from "@/components/ui/icons";

// Thread control in the thread (beyond the spec; docs/WEBHOOKS.md "Handover roles"): the header says which
// app holds the conversation and offers Take control (or Ask for control, as a secondary receiver) and
// Pass back; the composer says why it is closed while another app holds it.

const BUTTON = "inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50";

type Props = { control: ThreadControl | undefined; mutate: ThreadControlMutator };

/** Take control / Pass back with their toasts; the answer's control replaces the cached one at once. */
function useControlActions({ control, mutate }: Props) {
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<{ message: string; control: ThreadControl }>, failure: string) {
    setBusy(true);
    try {
      const result = await action();
      await mutate(result.control, { revalidate: false });
      toast.success(result.message);
    } catch (error) {
      toast.error(errorMessage(error, failure));
    } finally {
      setBusy(false);
    }
  }
  return {
    busy,
    take: () => control && run(() => takeControl(control.conversationId, control.pageId), "Could not take control of this conversation, please try again"),
    pass: (target: PassTarget) => control && run(() => passControl(control.conversationId, control.pageId, target), "Could not pass this conversation, please try again"),
  };
}

/** The header's part: who holds the thread, and the one action that fits. */
export function ThreadControlBar({ control, mutate }: Props) {
  const { busy, take, pass } = useControlActions({ control, mutate });
  const [open, setOpen] = useState(false);
  if (!control) return null;
  const chip = ownerChip(control);
  return (
    <div className="flex shrink-0 items-center gap-1.5" data-testid="thread-control" data-owner={control.owner ?? "none"}>
      {chip && (
        <span
          title={control.canReply ? `${chip} controls this conversation` : controlNotice(control) ?? undefined}
          // On a phone the header's second line has room for the action only; the composer says who holds the thread.
          className={cn("inline-flex h-7 max-w-32 items-center truncate rounded-full px-2.5 text-xs font-medium max-sm:hidden", control.canReply ? "bg-emerald-50 text-emerald-700" : "bg-amber-50 text-amber-800")}
        >
          <span className="sr-only">Controlled by </span>
          {chip}
        </span>
      )}
      {!control.canReply && (
        <button type="button" disabled={busy} onClick={() => void take()} className={cn(BUTTON, "bg-amber-600 text-white ring-amber-600 hover:bg-amber-700")}>
          {control.takeAction === "request" ? REQUEST_CONTROL_LABEL : TAKE_CONTROL_LABEL}
        </button>
      )}
      {control.canReply && control.passTargets.length === 1 && (
        <button type="button" disabled={busy} onClick={() => void pass(control.passTargets[0]!.target)} title={`Pass this conversation to ${control.passTargets[0]!.label}`} className={cn(BUTTON, "bg-white text-slate-700 ring-slate-200 hover:bg-slate-50")}>
          {PASS_BACK_LABEL}
        </button>
      )}
      {control.canReply && control.passTargets.length > 1 && (
        <Popover.Root open={open} onOpenChange={setOpen}>
          <Popover.Trigger disabled={busy} className={cn(BUTTON, "bg-white text-slate-700 ring-slate-200 hover:bg-slate-50")}>
            {PASS_BACK_LABEL}
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content align="end" sideOffset={6} collisionPadding={8} className="z-50 w-56 animate-pop-in rounded-xl border border-slate-200 bg-white p-2 text-sm shadow-lg">
              <p className="px-2 pt-1 pb-2 text-xs font-medium text-slate-500">Pass this conversation to</p>
              {control.passTargets.map((t) => (
                <button
                  key={t.target}
                  type="button"
                  onClick={() => {
                    setOpen(false);
                    void pass(t.target);
                  }}
                  className="block w-full rounded-lg px-2 py-1.5 text-left text-slate-700 hover:bg-slate-50"
                >
                  {t.label}
                </button>
              ))}
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      )}
    </div>
  );
}

/** Above the composer while another app holds the thread: why replies are closed, and the way to open them. */
export function ControlNotice({ control, mutate }: Props) {
  const { busy, take } = useControlActions({ control, mutate });
  const notice = controlNotice(control);
  if (!control || !notice) return null;
  return (
    <div role="status" className="flex flex-wrap items-center gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900">
      <LockIcon className="size-3.5 shrink-0" />
      <span className="min-w-0 flex-1">{notice}</span>
      <button type="button" disabled={busy} onClick={() => void take()} className="rounded-md bg-amber-600 px-2.5 py-1 font-semibold text-white hover:bg-amber-700 disabled:opacity-50">
        {control.takeAction === "request" ? REQUEST_CONTROL_LABEL : TAKE_CONTROL_LABEL}
      </button>
    </div>
  );
}
