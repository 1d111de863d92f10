import { db } from "@/server/db";
import { emitToRooms } from "@/server/realtime/emit";
import { pageRoom } from "@/server/realtime/room-names";
import { SERVER_EVENTS } from "@/lib/contract/socket-events";
import type { ApiCommentNote, CommentNotesEvent } from "@/lib/contract/comment-teamwork-api";

/** A note changed: the other agents on the Page see it at once, with the comment's new count (numbered in the Page's feed). */
export async function announceCommentNote(note: ApiCommentNote, change: CommentNotesEvent["change"]): Promise<void> {
  const noteCount = await db.commentNote.count({ where: { commentId: note.commentId } });
  emitToRooms([pageRoom(note.pageId)], SERVER_EVENTS.commentNotes, { pageId: note.pageId, commentId: note.commentId, noteCount, change, note });
}
