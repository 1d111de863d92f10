"use client";

import { useState } from "react";
import { toast } from "@/lib/toast";
import { errorMessage } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import type { ConversationListItem, ConversationStatus } from "@/lib/inbox/types";
import { setStatus } from "@/lib/hooks/use-conversation-actions";
import { SNOOZE_CHOICES, snoozeLine } from "@/lib/inbox/snooze";
import { DoneIcon, ReopenIcon, SnoozeIcon } from "@/components/inbox/inbox-icons";
import { ChoiceMenu } from "@/components/inbox/choice-menu";

type Props = { conversation: ConversationListItem; onChange: (item: ConversationListItem) => void };

const BUTTON = "inline-flex h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-medium ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50";

/**
 * The loop in the thread header (docs/PRODUCT.md §11): Done (key `e`) or, on a done or snoozed conversation,
 * Reopen; and Snooze with its choices. The customer's next message reopens it anyway.
 */
export function StatusControls({ conversation, onChange }: Props) {
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);

  async function change(status: ConversationStatus, until: Date | null = null) {
    setBusy(true);
    try {
      const [item] = await setStatus([conversation.id], conversation.page_id, status, until);
      if (item) onChange(item);
      setOpen(false);
    } catch (error) {
      toast.error(errorMessage(error, "Failed to change the conversation, please try again"));
    } finally {
      setBusy(false);
    }
  }

  const closed = conversation.status !== "open";
  return (
    <div className="flex shrink-0 items-center gap-1.5">
      {closed ? (
        <button
          type="button"
          data-shortcut="done"
          disabled={busy}
          onClick={() => void change("open")}
          title={conversation.status === "snoozed" ? `${snoozeLine(conversation.snoozed_until)}. Reopen (e)` : "Done. Reopen (e)"}
          className={cn(BUTTON, "bg-emerald-50 text-emerald-800 ring-emerald-200 hover:bg-emerald-100")}
        >
          <ReopenIcon aria-hidden="true" className="size-4" />
          <span className="max-sm:sr-only">Reopen</span>
        </button>
      ) : (
        <button type="button" data-shortcut="done" disabled={busy} onClick={() => void change("done")} title="Mark done (e)" className={cn(BUTTON, "bg-emerald-700 text-white ring-emerald-700 hover:bg-emerald-800")}>
          <DoneIcon aria-hidden="true" className="size-4" />
          <span className="max-sm:sr-only">Done</span>
        </button>
      )}
      <ChoiceMenu
        open={open}
        onOpenChange={setOpen}
        trigger={{
          label: "Snooze",
          title: conversation.status === "snoozed" ? snoozeLine(conversation.snoozed_until) : "Snooze",
          disabled: busy,
          className: cn(BUTTON, conversation.status === "snoozed" ? "bg-violet-50 text-violet-800 ring-violet-200" : "bg-white text-slate-700 ring-slate-200 hover:bg-slate-50"),
          children: (
            <>
              <SnoozeIcon aria-hidden="true" className="size-4" />
              <span className="max-lg:sr-only">Snooze</span>
            </>
          ),
        }}
        heading="Snooze"
        disabled={busy}
        choices={SNOOZE_CHOICES.map((choice) => ({ key: choice.label, label: choice.label, onSelect: () => void change("snoozed", choice.until(new Date())) }))}
      />
    </div>
  );
}
