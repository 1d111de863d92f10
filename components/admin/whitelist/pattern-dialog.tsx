"use client";

import { useState, type FormEvent } from "react";
import { Modal } from "@/components/admin/common/modal";
import { TextField } from "@/components/admin/common/text-field";
import { SupportedFormats } from "@/components/admin/whitelist/supported-formats";
import { Button } from "@/components/ui/button";
import type { WhitelistEntry } from "@/lib/admin/types";
import { validatePattern } from "@/lib/whitelist/patterns";

export type PatternDialogState = { mode: "closed" } | { mode: "add" } | { mode: "edit"; entry: WhitelistEntry };

/**
 * 'Add Approved Pattern' / 'Edit Pattern' (PRODUCT §2, §4 Whitelist modal): one URL/Pattern input, the
 * supported formats, Cancel and Save or Update ('Saving...'). The PRODUCT §5 error shows inline and clears
 * when typing. It closes on success, Cancel or the close icon, which also reset it.
 */
export function PatternDialog({
  state,
  onClose,
  onSave,
  busy,
  saving,
}: {
  state: PatternDialogState;
  onClose(): void;
  onSave(url: string): Promise<boolean>;
  /** Any add, update or delete is running: saving waits (PRODUCT §4). */
  busy: boolean;
  /** This dialog's own save is running. */
  saving: boolean;
}) {
  const open = state.mode !== "closed";
  const editing = state.mode === "edit";
  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title={editing ? "Edit Pattern" : "Add Approved Pattern"} locked={saving}>
      {open && (
        <PatternForm
          key={editing ? state.entry._id : "add"}
          initial={editing ? state.entry.url : ""}
          editing={editing}
          onCancel={onClose}
          onSave={onSave}
          busy={busy}
          saving={saving}
        />
      )}
    </Modal>
  );
}

function PatternForm({
  initial,
  editing,
  onCancel,
  onSave,
  busy,
  saving,
}: {
  initial: string;
  editing: boolean;
  onCancel(): void;
  onSave(url: string): Promise<boolean>;
  busy: boolean;
  saving: boolean;
}) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const check = validatePattern(value);
    if (!check.ok) return setError(check.error);
    if (await onSave(check.value)) onCancel();
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <TextField
        id="pattern-url"
        label="URL/Pattern"
        placeholder="https://example.com, example.com, *@example.com or example.com/*"
        autoComplete="off"
        autoFocus
        value={value}
        onValue={(next) => {
          setValue(next);
          setError(null);
        }}
        error={error}
      />
      <SupportedFormats />
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy} pending={saving} pendingText="Saving...">
          {editing ? "Update" : "Save"}
        </Button>
      </div>
    </form>
  );
}
