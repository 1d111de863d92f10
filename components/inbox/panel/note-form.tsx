"use client";

import type { FormEvent } from "react";
import { canSaveNote, clampNote, NOTE_MAX_LENGTH, noteCounter } from "@/components/inbox/panel/note-rules";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/input";
import { cn } from "@/lib/cn";

/** The add/edit form: textarea, live 'n/1000', Cancel and Save; everything disabled while saving. */
export function NoteForm({
  text,
  onTextChange,
  editing,
  saving,
  onSubmit,
  onCancel,
}: {
  text: string;
  onTextChange: (text: string) => void;
  editing: boolean;
  saving: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (canSaveNote(text, saving)) onSubmit();
  }

  return (
    <form onSubmit={submit} className="space-y-2 rounded-xl border border-slate-200 bg-slate-50/70 p-3">
      <label htmlFor="note-text" className="sr-only">
        Note
      </label>
      <Textarea
        id="note-text"
        autoFocus
        rows={4}
        maxLength={NOTE_MAX_LENGTH}
        placeholder={editing ? "Edit the note..." : "Write a note about this conversation..."}
        className="resize-y"
        value={text}
        disabled={saving}
        aria-describedby="note-counter"
        onChange={(event) => onTextChange(clampNote(event.target.value))}
      />
      <div className="flex items-center gap-2">
        <span
          id="note-counter"
          aria-live="polite"
          className={cn("mr-auto text-xs tabular-nums", text.length >= NOTE_MAX_LENGTH ? "text-red-600" : "text-slate-500")}
        >
          {noteCounter(text)}
        </span>
        <Button variant="secondary" size="sm" disabled={saving} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={!canSaveNote(text)} pending={saving} pendingText="Saving...">
          Save
        </Button>
      </div>
    </form>
  );
}
