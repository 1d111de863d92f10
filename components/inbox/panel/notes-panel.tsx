"use client";

import { useState } from "react";
import { useAuth } from "@/components/auth/auth-provider";
import { NoteForm } from "@/components/inbox/panel/note-form";
import { NoteItem } from "@/components/inbox/panel/note-item";
import { canChangeNote, NOTE_TEXTS } from "@/components/inbox/panel/note-rules";
import { useNoteEditor } from "@/components/inbox/panel/use-note-editor";
import { useNow } from "@/lib/hooks/use-now";
import { Button } from "@/components/ui/button";
import { DeleteConfirmation } from "@/components/ui/delete-confirmation";
import { NoteIcon, PlusIcon } from "@/components/ui/icons";
import { SpinnerIcon } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api/client";
import { useNotes } from "@/lib/hooks/use-notes";
import type { ApiNote } from "@/lib/schemas/notes";

/** The notes panel (PRODUCT §2): the conversation's notes, newest first, with an add/edit form. */
export function NotesPanel({ pageId, conversationId }: { pageId: string; conversationId: string }) {
  const { user } = useAuth();
  const notes = useNotes(pageId, conversationId);
  const editor = useNoteEditor(pageId, conversationId);
  const [toDelete, setToDelete] = useState<ApiNote | null>(null);
  const now = useNow();
  const actionsDisabled = editor.form.open || editor.deleting;

  return (
    <section aria-labelledby="notes-heading" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="notes-heading" className="text-sm font-semibold text-slate-900">
          Notes
        </h2>
        {!editor.form.open && (
          <Button variant="link" className="text-sm" onClick={editor.startAdd}>
            <PlusIcon className="size-4" />
            Add note
          </Button>
        )}
      </div>

      {editor.form.open && (
        <NoteForm
          text={editor.text}
          onTextChange={editor.setText}
          editing={editor.form.editing !== null}
          saving={editor.saving}
          onSubmit={() => void editor.save()}
          onCancel={editor.close}
        />
      )}

      {notes.error && !notes.data ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-3 py-3 text-sm text-red-700">
          <p className="font-medium">{NOTE_TEXTS.loadFailed}</p>
          <p className="mt-0.5 break-words">{errorMessage(notes.error, "Something went wrong")}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void notes.mutate()}>
            Try again
          </Button>
        </div>
      ) : !notes.data ? (
        <p role="status" className="flex items-center gap-2 py-4 text-sm text-slate-500">
          <SpinnerIcon className="size-4 text-indigo-600" />
          {NOTE_TEXTS.loading}
        </p>
      ) : notes.data.length === 0 ? (
        !editor.form.open && (
          <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center">
            <NoteIcon className="size-6 text-slate-400" />
            <p className="mt-2 text-sm font-medium text-slate-700">{NOTE_TEXTS.emptyTitle}</p>
            <p className="mt-0.5 text-xs text-slate-500">{NOTE_TEXTS.emptyHint}</p>
          </div>
        )
      ) : (
        <ul aria-label="Notes" className="space-y-2">
          {notes.data.map((note) => (
            <NoteItem
              key={note._id}
              note={note}
              now={now}
              canChange={canChangeNote(note, user)}
              actionsDisabled={actionsDisabled}
              onEdit={() => editor.startEdit(note)}
              onDelete={() => setToDelete(note)}
            />
          ))}
        </ul>
      )}

      <DeleteConfirmation
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        item="this note"
        onConfirm={() => (toDelete ? editor.remove(toDelete) : undefined)}
      />
    </section>
  );
}
