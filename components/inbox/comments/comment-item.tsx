"use client";

import { cn } from "@/lib/cn";
import type { ApiComment } from "@/lib/contract/comments-api";
import { relativeTime } from "@/lib/format/relative-time";
import { avatarColor, initialsFromName } from "@/lib/inbox/initials";
import type { CommentNode } from "@/lib/inbox/comment-cache";
import { MessageText } from "@/components/inbox/thread/message-text";
import { CommentActions, type CommentPermissions } from "@/components/inbox/comments/comment-actions";
import { CommentWork } from "@/components/inbox/comments/comment-work";
import { CommentTeamworkRow } from "@/components/inbox/comments/comment-teamwork";

export type CommentContext = {
  /** "Facebook" or "Instagram": where the comment was written. */
  network: string;
  /** "Messenger" or "Instagram": where a private reply lands. */
  inbox: string;
  now: number;
  can: CommentPermissions;
  apply: (...comments: ApiComment[]) => void;
  onOpenConversation: (conversationId: string) => void;
  /** The Page whose comments these are (the assign menu lists its agents). */
  pageId: string;
};

const BADGE_TONES = { page: "bg-indigo-100 text-indigo-800", hidden: "bg-amber-100 text-amber-900", mention: "bg-fuchsia-100 text-fuchsia-900" } as const;

function Badge({ tone, title, children }: { tone: keyof typeof BADGE_TONES; title?: string; children: string }) {
  return (
    <span title={title} className={cn("inline-flex shrink-0 items-center rounded-full px-1.5 py-px text-[11px] font-semibold", BADGE_TONES[tone])}>
      {children}
    </span>
  );
}

/**
 * One comment: who wrote it and when, its text (a link is a safe anchor), what happened to it (edited,
 * hidden, removed; an Instagram @mention of the Page), its buttons, and under it the comments that answer it — the Page's own answers among
 * them, marked as the Page. Facebook threads are two levels deep; deeper ones are not indented further, so a
 * phone keeps its width for the text.
 */
export function CommentItem({ node, depth, context }: { node: CommentNode; depth: number; context: CommentContext }) {
  const { comment } = node;
  const name = comment.author.name || "Someone";
  return (
    <li data-comment-id={comment.id} aria-label={`${comment.fromPage ? "Reply" : "Comment"} by ${name}`} className="min-w-0">
      <div className="flex gap-2.5">
        <span aria-hidden="true" className={cn("mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full text-xs font-semibold", comment.fromPage ? "bg-indigo-600 text-white" : avatarColor(name))}>
          {initialsFromName(name)}
        </span>
        <div className="min-w-0 flex-1">
          {/* Hidden is an outline, not a fade: faded text would fail contrast for the agent who still reads it. */}
          <div className={cn("rounded-2xl border px-3 py-2", comment.hidden ? "border-dashed border-amber-400 bg-white" : comment.fromPage ? "border-transparent bg-indigo-50" : "border-transparent bg-slate-100")}>
            <p className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-[13px]">
              <span className="min-w-0 truncate font-semibold text-slate-900">{name}</span>
              {comment.fromPage && <Badge tone="page">Page</Badge>}
              {comment.mention && !comment.fromPage && (
                <Badge tone="mention" title="The Page's Instagram account was @mentioned on someone else's post: only a public reply is possible">
                  {comment.mention === "caption" ? "Mentioned you in a caption" : "Mentioned you"}
                </Badge>
              )}
              {comment.hidden && (
                <Badge tone="hidden" title="Hidden from everyone but the commenter and their friends">
                  Hidden
                </Badge>
              )}
            </p>
            {comment.removed ? (
              <p className="mt-0.5 text-sm text-slate-500 italic">Removed on {context.network}</p>
            ) : (
              <p className="mt-0.5 text-sm break-words whitespace-pre-wrap text-slate-800">
                <MessageText text={comment.text} tone="other" />
              </p>
            )}
          </div>
          <p className="mt-0.5 px-1 text-xs text-slate-500">
            <time dateTime={comment.createdTime} title={new Date(comment.createdTime).toLocaleString("en-US")}>
              {relativeTime(comment.createdTime, context.now)}
            </time>
            {comment.editedAt && !comment.removed && <span title={`Edited ${new Date(comment.editedAt).toLocaleString("en-US")}`}> · Edited</span>}
            {comment.liked && !comment.removed && <span> · Liked by the Page</span>}
          </p>
          {!comment.removed && !comment.fromPage && <CommentWork comment={comment} pageId={context.pageId} apply={context.apply} />}
          {!comment.removed && <CommentActions comment={comment} inbox={context.inbox} can={context.can} apply={context.apply} onOpenConversation={context.onOpenConversation} />}
          {!comment.removed && <CommentTeamworkRow comment={comment} />}
        </div>
      </div>
      {node.replies.length > 0 && (
        <ul aria-label={`Replies to ${name}`} className={cn("mt-2 space-y-3", depth === 0 && "ml-5 border-l-2 border-slate-100 pl-3 sm:ml-10 sm:pl-4")}>
          {node.replies.map((reply) => (
            <CommentItem key={reply.comment.id} node={reply} depth={depth + 1} context={context} />
          ))}
        </ul>
      )}
    </li>
  );
}
