import { NOTE_MAX_LENGTH, type ApiNote } from "@/lib/schemas/notes";
import { can } from "@/lib/access/permissions";

// The notes form's rules (PRODUCT §5 Notes, §9) and texts (PRODUCT §2, §8), kept apart from the components so
// they can be unit-tested.

export { NOTE_MAX_LENGTH };

export const NOTE_TEXTS = {
  loading: "Loading notes...",
  emptyTitle: "No notes yet",
  emptyHint: "Add your first note to get started",
  loadFailed: "Failed to load notes",
  added: "Note added successfully",
  updated: "Note updated successfully",
  deleted: "Note deleted successfully",
  addFailed: "Failed to add note. Please try again",
  updateFailed: "Failed to update note. Please try again",
  deleteFailed: "Failed to delete note. Please try again",
} as const;

/** The live counter: 'n/1000'. */
export function noteCounter(text: string): string {
  return `${text.length}/${NOTE_MAX_LENGTH}`;
}

/** Text typed or pasted into the form, capped at the limit. */
export function clampNote(text: string): string {
  return text.length > NOTE_MAX_LENGTH ? text.slice(0, NOTE_MAX_LENGTH) : text;
}

/** Save is enabled only for non-blank text within the limit, and not while a save is running. */
export function canSaveNote(text: string, saving = false): boolean {
  const trimmed = text.trim();
  return !saving && trimmed.length > 0 && trimmed.length <= NOTE_MAX_LENGTH;
}

/** The server (find-editable-note.ts) lets a note's author or a role with "notes.edit-any" change it; others would get a 403 (which signs out). */
export function canChangeNote(note: Pick<ApiNote, "author">, user: { id: string; role: string } | null): boolean {
  if (!user) return false;
  return can(user.role, "notes.edit-any") || note.author?._id === user.id;
}
