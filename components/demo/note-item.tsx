"use client";

import { NoteEditor } from "@/components/demo/note-editor";
import { Button } from "@/components/ui/button";
import { PencilIcon, TrashIcon } from "@/components/ui/icons";

export type DemoNote = { id: number; text: string };

/** One note: its text with Edit and Delete, or the editor while editing. */
export function NoteItem({
  note,
  editing,
  onEdit,
  onSave,
  onCancel,
  onDelete,
}: {
  note: DemoNote;
  editing: boolean;
  onEdit: () => void;
  onSave: (text: string) => void;
  onCancel: () => void;
  onDelete: () => void;
}) {
  if (editing) {
    return (
      <li className="p-4">
        <NoteEditor initialText={note.text} onSave={onSave} onCancel={onCancel} />
      </li>
    );
  }
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
      <p className="min-w-0 text-sm break-words whitespace-pre-wrap text-slate-800">{note.text}</p>
      <div className="flex shrink-0 gap-1">
        <Button variant="ghost" size="sm" onClick={onEdit}>
          <PencilIcon className="size-3.5" />
          Edit
        </Button>
        <Button variant="ghost-danger" size="sm" onClick={onDelete}>
          <TrashIcon className="size-3.5" />
          Delete
        </Button>
      </div>
    </li>
  );
}
