"use client";

import { useId, useState } from "react";
import { ManageLabelsDialog } from "@/components/inbox/panel/manage-labels-dialog";
import { TagChip } from "@/components/inbox/panel/tag-chip";
import { TAG_TEXTS } from "@/components/inbox/panel/tag-rules";
import { NoteIcon, TagIcon } from "@/components/ui/icons";
import { CommentNotes } from "@/components/inbox/comments/comment-notes";
import { useCommentTeamwork } from "@/components/inbox/comments/comment-teamwork-context";
import { cn } from "@/lib/cn";
import type { ApiComment } from "@/lib/contract/comments-api";
import { addCommenterLabel, removeCommenterLabel } from "@/lib/hooks/use-comment-teamwork";
import { typingText } from "@/lib/inbox/collision";
import { toast } from "@/lib/toast";

const ACTION = "inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-[13px] font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:text-slate-500";

/**
 * Under a customer's comment, the team's layer (docs/PRODUCT.md §12): the commenter's labels (on every comment
 * of theirs on the Page; Label opens the Page's labels as in a conversation), the comment's private notes
 * behind a Notes toggle with their count, and who of the team is typing an answer to it right now.
 */
export function CommentTeamworkRow({ comment }: { comment: ApiComment }) {
  const teamwork = useCommentTeamwork();
  const [notesOpen, setNotesOpen] = useState(false);
  const [labelsOpen, setLabelsOpen] = useState(false);
  const [busyLabel, setBusyLabel] = useState<string | null>(null);
  const notesId = useId();
  if (!teamwork || comment.fromPage) return null;
  const name = comment.author.name || "this person";
  const typing = typingText(teamwork.typistsOf(comment.id));

  async function change(label: string, call: () => Promise<{ labels: ApiComment["labels"] }>, done: string, failed: string) {
    setBusyLabel(label);
    try {
      teamwork!.showLabels(comment, (await call()).labels);
      toast.success(done);
    } catch {
      toast.error(failed);
    } finally {
      setBusyLabel(null);
    }
  }

  return (
    <div>
      <div className="-ml-2 flex flex-wrap items-center gap-x-0.5 gap-y-1">
        {comment.labels.length > 0 && (
          <ul aria-label={`${name}'s labels`} className="ml-2 mr-1 flex flex-wrap gap-1">
            {comment.labels.map((label) => (
              <TagChip key={label.name} tag={label.name} color={label.color} removing={busyLabel === label.name || !teamwork.can.labels} onRemove={() => void change(label.name, () => removeCommenterLabel(comment.id, label.name), TAG_TEXTS.removed, TAG_TEXTS.removeFailed)} />
            ))}
          </ul>
        )}
        {teamwork.can.labels && (
          <button type="button" className={ACTION} onClick={() => setLabelsOpen(true)} title={`Label ${name}: shown on all their comments on this Page`}>
            <TagIcon className="size-3.5" />
            Label
          </button>
        )}
        <button type="button" className={cn(ACTION, notesOpen && "bg-amber-50 text-amber-900")} aria-expanded={notesOpen} aria-controls={notesOpen ? notesId : undefined} onClick={() => setNotesOpen(!notesOpen)} title="Private notes of your team on this comment">
          <NoteIcon className="size-3.5" />
          Notes{comment.noteCount > 0 && " "}
          {comment.noteCount > 0 && <span className="rounded-full bg-amber-100 px-1.5 text-[11px] font-semibold text-amber-900 tabular-nums">{comment.noteCount}</span>}
        </button>
      </div>
      <p aria-live="polite" className="px-1 text-xs text-slate-600 italic empty:hidden">
        {typing}
      </p>
      {notesOpen && (
        <div id={notesId}>
          <CommentNotes commentId={comment.id} name={name} canWrite={teamwork.can.notes} />
        </div>
      )}
      {labelsOpen && (
        <ManageLabelsDialog
          open={labelsOpen}
          onOpenChange={setLabelsOpen}
          pageId={teamwork.pageId}
          assignedTags={comment.labels.map((l) => ({ tag: l.name, color: l.color }))}
          assigningName={busyLabel}
          onAssign={(label) => void change(label.name, () => addCommenterLabel(comment.id, { name: label.name, color: label.color }), TAG_TEXTS.assigned, TAG_TEXTS.assignFailed)}
        />
      )}
    </div>
  );
}
