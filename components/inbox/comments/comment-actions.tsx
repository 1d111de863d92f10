"use client";

import { useId, useState, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { PRIVATE_REPLY_DAYS, PRIVATE_REPLY_EXPIRED, PRIVATE_REPLY_SENT, type ApiComment } from "@/lib/contract/comments-api";
import { DeleteConfirmation } from "@/components/ui/delete-confirmation";
import { TrashIcon } from "@/components/ui/icons";
import { SpinnerIcon } from "@/components/ui/spinner";
import { EyeIcon, EyeOffIcon, PrivateReplyIcon, ReplyIcon, ThumbsUpIcon } from "@/components/inbox/comments/comment-icons";
import { ReplyForm } from "@/components/inbox/comments/reply-form";
import { useCommentActions } from "@/components/inbox/comments/use-comment-actions";
import { useCommentTeamwork } from "@/components/inbox/comments/comment-teamwork-context";

/** What Meta allows, in the words the agent sees before trying (docs/PRODUCT.md §12). */
export const PRIVATE_REPLY_RULE = `Meta allows one private reply per comment, within ${PRIVATE_REPLY_DAYS} days`;

export type CommentPermissions = { answer: boolean; moderate: boolean };

type Props = {
  comment: ApiComment;
  /** "Messenger" or "Instagram": where a private reply lands. */
  inbox: string;
  can: CommentPermissions;
  apply: (...comments: ApiComment[]) => void;
  onOpenConversation: (conversationId: string) => void;
};

const ACTION = "inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-[13px] font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent";

function Action({ onClick, disabled, busy, title, describedBy, className, children }: { onClick: () => void; disabled?: boolean; busy?: boolean; title?: string; describedBy?: string; className?: string; children: ReactNode }) {
  return (
    <button type="button" onClick={onClick} disabled={disabled || busy} aria-busy={busy || undefined} title={title} aria-describedby={describedBy} className={cn(ACTION, className)}>
      {children}
    </button>
  );
}

/**
 * A customer comment's buttons: Reply (public), Reply privately (once, within 7 days: off with the reason
 * once Meta would refuse), Like, Hide and Delete; the answers are written in place, under the comment. The
 * Page's own comments only have Delete. An Instagram @mention (someone else's post) only has Reply: Meta
 * allows the account nothing else there. Each shows only to those the permission map allows.
 */
export function CommentActions({ comment, inbox, can, apply, onOpenConversation }: Props) {
  const actions = useCommentActions(comment, apply);
  // "<name> is typing…" for the other agents while this agent writes an answer (comment-typing.ts).
  const teamwork = useCommentTeamwork();
  const onTyping = teamwork ? (active: boolean) => teamwork.setTyping(comment.id, active) : undefined;
  const [form, setForm] = useState<"reply" | "private" | null>(null);
  const [confirming, setConfirming] = useState(false);
  const reasonId = useId();
  const customer = !comment.fromPage;
  const mention = Boolean(comment.mention);
  const closed = customer && !mention && can.answer && !comment.privateReplyOpen;
  const name = comment.author.name || "this person";
  // A sent answer closes its form; a refused one stays open with its text (ReplyForm).
  const closeOnSent = (send: (text: string) => Promise<boolean>) => async (text: string) => {
    const sent = await send(text);
    if (sent) setForm(null);
    return sent;
  };

  return (
    <div className="mt-1">
      <div className="-ml-2 flex flex-wrap items-center gap-x-0.5">
        {customer && can.answer && (
          <Action onClick={() => setForm(form === "reply" ? null : "reply")} title="Answer in public, under the comment">
            <ReplyIcon className="size-3.5" />
            Reply
          </Action>
        )}
        {customer && !mention && can.answer && (
          <>
            <Action onClick={() => setForm(form === "private" ? null : "private")} disabled={!comment.privateReplyOpen} describedBy={closed ? reasonId : undefined} title={comment.privateReplyOpen ? PRIVATE_REPLY_RULE : comment.privateReply ? PRIVATE_REPLY_SENT : PRIVATE_REPLY_EXPIRED}>
              <PrivateReplyIcon className="size-3.5" />
              Reply privately
            </Action>
            <Action onClick={actions.toggleLike} busy={actions.busy === "like"} className={comment.liked ? "text-indigo-700" : undefined}>
              {actions.busy === "like" ? <SpinnerIcon className="size-3.5" /> : <ThumbsUpIcon className={cn("size-3.5", comment.liked && "fill-current")} />}
              {comment.liked ? "Unlike" : "Like"}
            </Action>
          </>
        )}
        {customer && !mention && can.moderate && (
          <Action onClick={actions.toggleHidden} busy={actions.busy === "hide"} title={comment.hidden ? "Show it to everyone again" : "Hide it from everyone but the commenter and their friends"}>
            {actions.busy === "hide" ? <SpinnerIcon className="size-3.5" /> : comment.hidden ? <EyeIcon className="size-3.5" /> : <EyeOffIcon className="size-3.5" />}
            {comment.hidden ? "Unhide" : "Hide"}
          </Action>
        )}
        {!mention && can.moderate && (
          <Action onClick={() => setConfirming(true)} className="hover:bg-red-50 hover:text-red-700" title="Delete it on Facebook">
            <TrashIcon className="size-3.5" />
            Delete
          </Action>
        )}
      </div>

      {closed && (
        <p id={reasonId} className="mt-0.5 text-xs text-slate-600">
          {comment.privateReply ? (
            <>
              <span className="font-medium text-emerald-700">Private reply sent.</span> Meta allows only one per comment.{" "}
              {comment.privateReply.conversationId && (
                <button type="button" onClick={() => onOpenConversation(comment.privateReply!.conversationId!)} className="rounded-sm font-medium text-indigo-600 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600">
                  Open the conversation
                </button>
              )}
            </>
          ) : (
            PRIVATE_REPLY_EXPIRED
          )}
        </p>
      )}

      {form === "reply" && (
        <ReplyForm
          label={`Public reply to ${name}`}
          placeholder={`Reply to ${name} in public...`}
          sendLabel="Send reply"
          onSend={closeOnSent(actions.reply)}
          onCancel={() => setForm(null)}
          onTyping={onTyping}
        />
      )}
      {form === "private" && comment.privateReplyOpen && (
        <ReplyForm
          label={`Private reply to ${name}`}
          helper={`${PRIVATE_REPLY_RULE}. It goes to ${name}'s ${inbox} and opens their conversation in the inbox.`}
          placeholder={`Write to ${name} privately...`}
          sendLabel="Send privately"
          onSend={closeOnSent(actions.replyPrivately)}
          onCancel={() => setForm(null)}
          onTyping={onTyping}
        />
      )}

      <DeleteConfirmation open={confirming} onOpenChange={setConfirming} item={comment.fromPage ? "this reply of the Page" : `${name}'s comment`} onConfirm={actions.remove} />
    </div>
  );
}
