"use client";

import { useId, useState } from "react";
import { useAuth } from "@/components/auth/auth-provider";
import { NoteItem } from "@/components/inbox/panel/note-item";
import { NoteForm } from "@/components/inbox/panel/note-form";
import { canChangeNote, canSaveNote, NOTE_TEXTS } from "@/components/inbox/panel/note-rules";
import { Button } from "@/components/ui/button";
import { DeleteConfirmation } from "@/components/ui/delete-confirmation";
import { NoteIcon, PlusIcon } from "@/components/ui/icons";
import { SpinnerIcon } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api/client";
import type { ApiCommentNote } from "@/lib/contract/comment-teamwork-api";
import type { ApiNote } from "@/lib/schemas/notes";
import { useNow } from "@/lib/hooks/use-now";
import { addCommentNote, deleteCommentNote, editCommentNote, useCommentNotes } from "@/lib/hooks/use-comment-teamwork";
import { toast } from "@/lib/toast";

/** The conversation notes' item shows a comment's note as it is (same look, same Edit/Delete rule). */
const asNote = (n: ApiCommentNote): ApiNote => ({ _id: n.id, note: n.text, created_at: n.createdAt, updated_at: n.updatedAt, pageId: n.pageId, conversationId: n.commentId, author: n.author && { _id: n.author.id, name: n.author.name } });

/**
 * A comment's private notes (docs/PRODUCT.md §12), opened under it: newest first, Add note, Edit and Delete
 * for their author or an admin; the words, limits and toasts of a conversation's Notes panel. Other agents'
 * changes come live (`comment-notes`, use-inbox-realtime.ts).
 */
export function CommentNotes({ commentId, name, canWrite }: { commentId: string; name: string; canWrite: boolean }) {
  const { user } = useAuth();
  const notes = useCommentNotes(commentId);
  const now = useNow();
  const [form, setForm] = useState<{ editing: ApiCommentNote | null } | null>(null);
  const [text, setText] = useState("");
  const [saving, setSaving] = useState(false);
  const [toDelete, setToDelete] = useState<ApiCommentNote | null>(null);
  const id = useId();

  const open = (editing: ApiCommentNote | null) => {
    setForm({ editing });
    setText(editing?.text ?? "");
  };
  const close = () => {
    setForm(null);
    setText("");
  };

  async function save() {
    if (!form || !canSaveNote(text, saving)) return;
    setSaving(true);
    try {
      if (form.editing) await editCommentNote(form.editing.id, text.trim());
      else await addCommentNote(commentId, text.trim());
      toast.success(form.editing ? NOTE_TEXTS.updated : NOTE_TEXTS.added);
      close();
      void notes.mutate();
    } catch {
      toast.error(form.editing ? NOTE_TEXTS.updateFailed : NOTE_TEXTS.addFailed);
    } finally {
      setSaving(false);
    }
  }

  async function remove(note: ApiCommentNote) {
    try {
      await deleteCommentNote(note.id);
      toast.success(NOTE_TEXTS.deleted);
      void notes.mutate((list) => list?.filter((n) => n.id !== note.id), { revalidate: true });
    } catch (error) {
      toast.error(NOTE_TEXTS.deleteFailed);
      throw error;
    }
  }

  return (
    <section aria-label={`Notes on ${name}'s comment`} className="mt-2 space-y-2 rounded-xl border border-amber-200 bg-amber-50/60 p-3">
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs font-semibold text-slate-800">Private notes · only your team sees them</p>
        {canWrite && !form && (
          <Button variant="link" className="text-[13px]" onClick={() => open(null)}>
            <PlusIcon className="size-4" />
            Add note
          </Button>
        )}
      </div>

      {form && (
        <NoteForm id={id} subject="comment" compact text={text} onTextChange={setText} editing={Boolean(form.editing)} saving={saving} onSubmit={() => void save()} onCancel={close} />
      )}

      {notes.error && !notes.data ? (
        <div role="alert" className="text-sm text-red-700">
          <p className="font-medium">{NOTE_TEXTS.loadFailed}</p>
          <p className="break-words">{errorMessage(notes.error, "Something went wrong")}</p>
        </div>
      ) : !notes.data ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <SpinnerIcon className="size-4 text-indigo-600" />
          {NOTE_TEXTS.loading}
        </p>
      ) : notes.data.length === 0 ? (
        !form && (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <NoteIcon className="size-4 shrink-0 text-slate-500" />
            {NOTE_TEXTS.emptyTitle}
          </p>
        )
      ) : (
        <ul aria-label="Notes" className="space-y-2">
          {notes.data.map((note) => (
            <NoteItem key={note.id} note={asNote(note)} now={now} canChange={canWrite && canChangeNote(asNote(note), user)} actionsDisabled={Boolean(form) || saving} onEdit={() => open(note)} onDelete={() => setToDelete(note)} />
          ))}
        </ul>
      )}

      <DeleteConfirmation open={toDelete !== null} onOpenChange={(o) => !o && setToDelete(null)} item="this note" onConfirm={() => (toDelete ? remove(toDelete) : undefined)} />
    </section>
  );
}
