"use client";

import { useRef, useState } from "react";
import { NoteEditor } from "@/components/demo/note-editor";
import { NoteItem, type DemoNote } from "@/components/demo/note-item";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { NoteIcon, PlusIcon } from "@/components/ui/icons";

/** The local-only notes demo of /test (PRODUCT §2): notes live in React state and vanish on reload. */
export function NotesDemo() {
  const [notes, setNotes] = useState<DemoNote[]>([]);
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const nextId = useRef(1);

  function add(text: string) {
    setNotes((current) => [{ id: nextId.current++, text }, ...current]);
    setAdding(false);
  }

  function update(id: number, text: string) {
    setNotes((current) => current.map((note) => (note.id === id ? { ...note, text } : note)));
    setEditingId(null);
  }

  function remove(id: number) {
    setNotes((current) => current.filter((note) => note.id !== id));
    if (editingId === id) setEditingId(null);
  }

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6 sm:py-16">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Notes</h1>
          <p className="mt-1 text-sm text-slate-500">A local-only demo: notes are kept in memory and vanish on reload.</p>
        </div>
        <Button
          onClick={() => {
            setAdding(true);
            setEditingId(null);
          }}
          disabled={adding}
        >
          <PlusIcon className="size-4" />
          Add note
        </Button>
      </div>

      <Card className="overflow-hidden">
        {adding && (
          <div className="border-b border-slate-100 bg-slate-50/60 p-4">
            <NoteEditor onSave={add} onCancel={() => setAdding(false)} />
          </div>
        )}
        {notes.length === 0 ? (
          !adding && (
            <div className="flex flex-col items-center px-6 py-14 text-center">
              <span className="flex size-12 items-center justify-center rounded-xl bg-slate-100 text-slate-400">
                <NoteIcon className="size-6" />
              </span>
              <p className="mt-4 text-sm font-medium text-slate-900">No notes yet</p>
            </div>
          )
        ) : (
          <ul className="divide-y divide-slate-100">
            {notes.map((note) => (
              <NoteItem
                key={note.id}
                note={note}
                editing={editingId === note.id}
                onEdit={() => {
                  setEditingId(note.id);
                  setAdding(false);
                }}
                onSave={(text) => update(note.id, text)}
                onCancel={() => setEditingId(null)}
                onDelete={() => remove(note.id)}
              />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
