"use client";

import * as Popover from "@radix-ui/react-popover";
import { useState } from "react";
import { useAuth } from "@/components/auth/auth-provider";
import { can } from "@/lib/access/permissions";
import { errorMessage } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import type { ApiComment } from "@/lib/contract/comments-api";
import type { ConversationStatus } from "@/lib/contract/inbox-api";
import { SNOOZE_CHOICES, snoozeLine } from "@/lib/inbox/snooze";
import { assignRights, usePageAgents } from "@/lib/hooks/use-ownership";
import { assignComment, setCommentStatus } from "@/lib/hooks/use-comment-work";
import { AssignChoices } from "@/components/inbox/assign-choices";
import { toast } from "@/lib/toast";
import { DoneIcon, ReopenIcon, SnoozeIcon } from "@/components/inbox/inbox-icons";
import { ChoiceMenu } from "@/components/inbox/choice-menu";

type Props = { comment: ApiComment; pageId: string; apply: (...comments: ApiComment[]) => void };

const BUTTON = "inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-[13px] font-medium ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50";
const QUIET = "bg-white text-slate-700 ring-slate-200 hover:bg-slate-50";

// A comment comes back at its time only: "until the customer writes" is a conversation's choice, not a comment's.
const COMMENT_SNOOZES = SNOOZE_CHOICES.filter((choice) => choice.until(new Date()) !== null);

/**
 * The team's work on a customer's comment (docs/PRODUCT.md §12), as on a conversation: who has it (a menu to
 * take it, give it back, or for admins reassign it), Mark as done or Reopen, and Snooze with the conversations'
 * times. Shown to the roles the permission map lets work on comments.
 */
export function CommentWork({ comment, pageId, apply }: Props) {
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);
  const [menu, setMenu] = useState<"assign" | "snooze" | null>(null);
  const agents = usePageAgents(menu === "assign" ? pageId : null);
  if (!user || !can(user.role, "comments.work")) return null;
  const assignee = comment.assignee;
  const rights = assignRights(user.role, user.id, assignee?.id ?? null, "comments.assign-any");
  const name = comment.author.name || "this person";

  async function run(action: () => Promise<ApiComment>, failure: string) {
    setBusy(true);
    try {
      apply(await action());
      setMenu(null);
    } catch (error) {
      toast.error(errorMessage(error, failure));
    } finally {
      setBusy(false);
    }
  }
  const assign = (assigneeId: string | null) => run(() => assignComment(comment.id, assigneeId), "Failed to assign the comment, please try again");
  const status = (next: ConversationStatus, until: Date | null = null) => run(() => setCommentStatus(comment.id, next, until), "Failed to change the comment, please try again");

  return (
    <div role="group" aria-label={`Work on ${name}'s comment`} className="mt-1.5 flex flex-wrap items-center gap-1.5">
      <Popover.Root open={menu === "assign"} onOpenChange={(open) => setMenu(open ? "assign" : null)}>
        {/* The name the agent reads is the button's name too (axe: label-content-name-mismatch): no aria-label, no initials. */}
        <Popover.Trigger disabled={busy} title={assignee ? `Assigned to ${assignee.name}` : "Unassigned"} className={cn(BUTTON, QUIET)}>
          {assignee ? (
            <span className="max-w-36 truncate">
              <span className="sr-only">Assigned to </span>
              {assignee.name}
            </span>
          ) : (
            <span className="text-slate-600">Unassigned</span>
          )}
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content align="start" sideOffset={6} collisionPadding={8} className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-2 text-sm shadow-lg">
            <AssignChoices assignee={assignee} nobody="Nobody has this comment" agents={agents} rights={rights} userId={user.id} busy={busy} onAssign={(id) => void assign(id)} />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {rights.takeForMe && (
        <button type="button" disabled={busy} onClick={() => void assign(user.id)} className={cn(BUTTON, "bg-sky-700 text-white ring-sky-700 hover:bg-sky-800")}>
          Assign to me
        </button>
      )}
      {comment.status === "open" ? (
        <button type="button" disabled={busy} onClick={() => void status("done")} className={cn(BUTTON, "bg-emerald-700 text-white ring-emerald-700 hover:bg-emerald-800")}>
          <DoneIcon aria-hidden="true" className="size-3.5" />
          Mark as done
        </button>
      ) : (
        <button type="button" disabled={busy} onClick={() => void status("open")} title={comment.status === "snoozed" ? snoozeLine(comment.snoozedUntil) : "Done"} className={cn(BUTTON, "bg-emerald-50 text-emerald-800 ring-emerald-200 hover:bg-emerald-100")}>
          <ReopenIcon aria-hidden="true" className="size-3.5" />
          Reopen
        </button>
      )}
      <ChoiceMenu
        open={menu === "snooze"}
        onOpenChange={(open) => setMenu(open ? "snooze" : null)}
        trigger={{
          label: "Snooze",
          title: comment.status === "snoozed" ? snoozeLine(comment.snoozedUntil) : "Snooze",
          disabled: busy,
          className: cn(BUTTON, comment.status === "snoozed" ? "bg-violet-50 text-violet-800 ring-violet-200" : QUIET),
          children: (
            <>
              <SnoozeIcon aria-hidden="true" className="size-3.5" />
              Snooze
            </>
          ),
        }}
        heading="Snooze until"
        disabled={busy}
        choices={COMMENT_SNOOZES.map((choice) => ({ key: choice.label, label: choice.label, onSelect: () => void status("snoozed", choice.until(new Date())) }))}
      />
      {comment.status !== "open" && <span className="text-xs text-slate-600">{comment.status === "snoozed" ? snoozeLine(comment.snoozedUntil) : "Done"}</span>}
    </div>
  );
}
