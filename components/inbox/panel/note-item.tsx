"use client";

import { Button } from "@/components/ui/button";
import { PencilIcon, TrashIcon } from "@/components/ui/icons";
import { relativeTime } from "@/lib/format/relative-time";
import type { ApiNote } from "@/lib/schemas/notes";

/** One note: its text (as text), who wrote it and when, with Edit and Delete for those allowed to. */
export function NoteItem({
  note,
  now,
  canChange,
  actionsDisabled,
  onEdit,
  onDelete,
}: {
  note: ApiNote;
  now: number;
  canChange: boolean;
  actionsDisabled: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="group rounded-xl border border-slate-200 bg-white p-3 shadow-xs">
      <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{note.note}</p>
      <div className="mt-2 flex items-center gap-1">
        <p className="mr-auto min-w-0 truncate text-xs text-slate-500">
          {note.author?.name && <span className="font-medium text-slate-600">{note.author.name} · </span>}
          <time dateTime={note.created_at} title={new Date(note.created_at).toLocaleString("en-US")}>
            {relativeTime(note.created_at, now)}
          </time>
        </p>
        {canChange && (
          <>
            <Button variant="ghost" size="sm" className="h-7 px-2" disabled={actionsDisabled} onClick={onEdit} aria-label="Edit note" title="Edit">
              <PencilIcon className="size-3.5" />
            </Button>
            <Button variant="ghost-danger" size="sm" className="h-7 px-2" disabled={actionsDisabled} onClick={onDelete} aria-label="Delete note" title="Delete">
              <TrashIcon className="size-3.5" />
            </Button>
          </>
        )}
      </div>
    </li>
  );
}
