"use client";

import { useState, type FormEvent } from "react";
import { toast } from "@/lib/toast";
import { PanelDialog } from "@/components/inbox/panel/panel-dialog";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { api } from "@/lib/api/client";
import type { ConversationListItem } from "@/lib/inbox/types";
import { SHEET_TEXTS, sheetAmountsError } from "@/components/inbox/panel/sheet-rules";
import type { CreateSheetEntryResponse } from "@/lib/schemas/sheets";

/** 'Add Sheet Entry' (admins): Deposit and Redeem, with the page and customer names added on submit. */
export function SheetEntryDialog({
  open,
  onOpenChange,
  conversation,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  conversation: ConversationListItem;
}) {
  const [deposit, setDeposit] = useState("");
  const [redeem, setRedeem] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  function close(next: boolean) {
    if (pending) return;
    if (!next) {
      setDeposit("");
      setRedeem("");
      setError(null);
    }
    onOpenChange(next);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const problem = sheetAmountsError(deposit, redeem);
    setError(problem);
    if (problem) return;
    setPending(true);
    try {
      await api<CreateSheetEntryResponse>("/api/sheets/create", {
        method: "POST",
        body: {
          deposit: Number(deposit),
          redeem: Number(redeem),
          pageId: conversation.page_id,
          conversationId: conversation.id,
          pageName: conversation.page_name,
          customerName: conversation.from_name,
        },
      });
      toast.success(SHEET_TEXTS.success);
      setPending(false);
      setDeposit("");
      setRedeem("");
      onOpenChange(false);
    } catch {
      toast.error(SHEET_TEXTS.failed);
      setPending(false);
    }
  }

  const amountInput = (id: string, value: string, onChange: (value: string) => void) => (
    <Input
      id={id}
      type="number"
      inputMode="decimal"
      min={0}
      step="0.01"
      placeholder="0.00"
      value={value}
      disabled={pending}
      invalid={Boolean(error)}
      aria-describedby={error ? "sheet-entry-error" : undefined}
      onChange={(event) => {
        onChange(event.target.value);
        setError(null);
      }}
    />
  );

  return (
    <PanelDialog
      open={open}
      onOpenChange={close}
      title="Add Sheet Entry"
      description={
        <>
          For <span className="font-medium text-slate-700">{conversation.from_name}</span> on {conversation.page_name}
        </>
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="sheet-deposit" label="Deposit">
            {amountInput("sheet-deposit", deposit, setDeposit)}
          </Field>
          <Field id="sheet-redeem" label="Redeem">
            {amountInput("sheet-redeem", redeem, setRedeem)}
          </Field>
        </div>
        {error && (
          <p id="sheet-entry-error" role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={pending} onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" pending={pending} pendingText="Submitting...">
            Submit
          </Button>
        </div>
      </form>
    </PanelDialog>
  );
}
