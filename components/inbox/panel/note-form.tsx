"use client";

import type { FormEvent } from "react";
import { canSaveNote, clampNote, NOTE_MAX_LENGTH, noteCounter } from "@/components/inbox/panel/note-rules";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/input";
import { cn } from "@/lib/cn";

/**
 * The add/edit form of a note on a conversation (the side panel) or on a comment (the comments view):
 * textarea, live 'n/1000', Cancel and Save; everything disabled while saving.
 */
export function NoteForm({
  text,
  onTextChange,
  editing,
  saving,
  onSubmit,
  onCancel,
  id = "note",
  subject = "conversation",
  compact = false,
}: {
  text: string;
  onTextChange: (text: string) => void;
  editing: boolean;
  saving: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  /** Its elements' ids start with it (several forms may be on one screen). */
  id?: string;
  subject?: "conversation" | "comment";
  /** Under a comment: three rows, no frame of its own. */
  compact?: boolean;
}) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (canSaveNote(text, saving)) onSubmit();
  }

  return (
    <form onSubmit={submit} className={cn("space-y-2", !compact && "rounded-xl border border-slate-200 bg-slate-50/70 p-3")}>
      <label htmlFor={`${id}-text`} className="sr-only">
        Note
      </label>
      <Textarea
        id={`${id}-text`}
        autoFocus
        rows={compact ? 3 : 4}
        maxLength={NOTE_MAX_LENGTH}
        placeholder={editing ? "Edit the note..." : `Write a note about this ${subject}...`}
        className={cn("resize-y", compact && "bg-white")}
        value={text}
        disabled={saving}
        aria-describedby={`${id}-counter`}
        onChange={(event) => onTextChange(clampNote(event.target.value))}
      />
      <div className="flex items-center gap-2">
        <span
          id={`${id}-counter`}
          aria-live="polite"
          className={cn("mr-auto text-xs tabular-nums", text.length >= NOTE_MAX_LENGTH ? "text-red-600" : "text-slate-600")}
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
