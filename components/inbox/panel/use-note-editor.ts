"use client";

import { useState } from "react";
import { toast } from "@/lib/toast";
import { useSWRConfig } from "swr";
import { NOTE_TEXTS } from "@/components/inbox/panel/note-rules";
import { api } from "@/lib/api/client";
import { notesKey } from "@/lib/hooks/use-notes";
import type { ApiNote } from "@/lib/schemas/notes";

type FormState = { open: false } | { open: true; editing: ApiNote | null };

/**
 * The notes panel's state machine (PRODUCT §4 Notes): the form is closed or open (adding, or editing a note it
 * was prefilled from); Cancel or a successful save closes it and clears the text. Plus the delete call.
 */
export function useNoteEditor(pageId: string, conversationId: string) {
  const { mutate } = useSWRConfig();
  const key = notesKey(pageId, conversationId);
  const [form, setForm] = useState<FormState>({ open: false });
  const [text, setText] = useState("");
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);

  function close() {
    setForm({ open: false });
    setText("");
  }

  function startAdd() {
    setForm({ open: true, editing: null });
    setText("");
  }

  function startEdit(note: ApiNote) {
    setForm({ open: true, editing: note });
    setText(note.note);
  }

  async function save() {
    if (!form.open || saving) return;
    const editing = form.editing;
    const body = { pageId, conversationId, note: text.trim() };
    setSaving(true);
    try {
      if (editing) await api(`/api/notes/${encodeURIComponent(editing._id)}`, { method: "PUT", body });
      else await api("/api/notes", { method: "POST", body });
      toast.success(editing ? NOTE_TEXTS.updated : NOTE_TEXTS.added);
      close();
      void mutate(key);
    } catch {
      toast.error(editing ? NOTE_TEXTS.updateFailed : NOTE_TEXTS.addFailed);
    } finally {
      setSaving(false);
    }
  }

  async function remove(note: ApiNote) {
    setDeleting(true);
    try {
      await api(`/api/notes/${encodeURIComponent(note._id)}`, { method: "DELETE" });
      toast.success(NOTE_TEXTS.deleted);
      void mutate(key, (notes?: ApiNote[]) => notes?.filter((n) => n._id !== note._id), { revalidate: true });
    } catch (error) {
      toast.error(NOTE_TEXTS.deleteFailed);
      throw error;
    } finally {
      setDeleting(false);
    }
  }

  return { form, text, setText, saving, deleting, startAdd, startEdit, close, save, remove };
}
