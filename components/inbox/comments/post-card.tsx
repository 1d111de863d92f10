"use client";

import { useMemo, useState } from "react";
import type { ApiPost } from "@/lib/contract/comments-api";
import { relativeTime } from "@/lib/format/relative-time";
import { threadComments } from "@/lib/inbox/comment-cache";
import { ChannelBadge } from "@/components/inbox/channel-badge";
import { ExternalLinkIcon } from "@/components/inbox/comments/comment-icons";
import { CommentItem, type CommentContext } from "@/components/inbox/comments/comment-item";

/** The post's picture, small; gone quietly when Meta's link expired (its CDN links do). */
function Thumbnail({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  // A plain img, as the avatars: the picture is on Meta's CDN, which next/image would have to proxy.
  return <img src={url} alt="" loading="lazy" referrerPolicy="no-referrer" onError={() => setFailed(true)} className="size-14 shrink-0 rounded-lg border border-slate-200 bg-slate-100 object-cover sm:size-16" />;
}

/**
 * A post of the Page with its comments as threads (docs/PRODUCT.md §12): its text and picture, where it is
 * (a link to it on Facebook or Instagram), and under it every comment the API gave, oldest first.
 */
export function PostCard({ post, context }: { post: ApiPost; context: Omit<CommentContext, "network" | "inbox"> }) {
  const instagram = post.kind === "ig_comment";
  const network = instagram ? "Instagram" : "Facebook";
  const threads = useMemo(() => threadComments(post.comments), [post.comments]);
  const headingId = `post-${post.id}`;
  const count = post.comments.filter((c) => !c.fromPage).length;

  return (
    <article aria-labelledby={headingId} data-post-id={post.id} className="rounded-xl border border-slate-200 bg-white shadow-xs">
      <header className="flex gap-3 border-b border-slate-100 p-3 sm:p-4">
        {post.pictureUrl && <Thumbnail url={post.pictureUrl} />}
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="line-clamp-3 text-sm font-medium break-words whitespace-pre-wrap text-slate-900">
            {post.text?.trim() || (instagram ? "Instagram post" : "Facebook post")}
          </h3>
          <p className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
            <ChannelBadge channel={instagram ? "instagram" : "messenger"} />
            <span>
              {count} {count === 1 ? "comment" : "comments"} · last {relativeTime(post.lastCommentAt, context.now)}
            </span>
            {post.permalink && (
              <a href={post.permalink} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 rounded-sm font-medium text-indigo-600 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600">
                View on {network}
                <ExternalLinkIcon className="size-3" aria-hidden="true" />
              </a>
            )}
          </p>
        </div>
      </header>
      <ul aria-label={`Comments on this ${network} post`} className="space-y-4 p-3 sm:p-4">
        {threads.map((node) => (
          <CommentItem key={node.comment.id} node={node} depth={0} context={{ ...context, network, inbox: instagram ? "Instagram Direct" : "Messenger" }} />
        ))}
      </ul>
    </article>
  );
}
