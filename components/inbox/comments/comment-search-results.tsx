"use client";

import { useSWRConfig } from "swr";
import type { ApiComment } from "@/lib/contract/comments-api";
import { errorMessage } from "@/lib/api/client";
import { applyToSearches, useCommentSearch } from "@/lib/hooks/use-comment-teamwork";
import { Button } from "@/components/ui/button";
import { SpinnerIcon } from "@/components/ui/spinner";
import { PostCard } from "@/components/inbox/comments/post-card";
import type { CommentContext } from "@/components/inbox/comments/comment-item";

/** The newest matches the API gives (server/services/comments/search-comments.ts). */
const SEARCH_LIMIT = 100;

/**
 * A search in the Page's comments (docs/PRODUCT.md §12): the comments whose text or commenter's name contains
 * the term, each under its post, the posts with the newest match first. Answers given here show here and in
 * the normal view (`apply`), which comes back when the search is cleared.
 */
export function CommentSearchResults({ pageId, q, context }: { pageId: string; q: string; context: Omit<CommentContext, "network" | "inbox"> }) {
  const search = useCommentSearch(pageId, q);
  const { mutate } = useSWRConfig();
  const apply = (...comments: ApiComment[]) => {
    context.apply(...comments);
    applyToSearches(mutate, pageId, ...comments);
  };
  const found = search.data?.posts.reduce((n, p) => n + p.comments.length, 0) ?? 0;

  if (search.error && !search.data) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-4 text-sm text-red-700">
        <p className="font-medium">Failed to search comments</p>
        <p className="mt-0.5 break-words">{errorMessage(search.error, "Something went wrong")}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void search.mutate()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!search.data) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-12 text-sm text-slate-500">
        <SpinnerIcon className="size-4 text-indigo-600" /> Searching comments...
      </p>
    );
  }
  if (!found) return <p className="px-6 py-12 text-center text-sm text-slate-600">{`No comments found for "${q}"`}</p>;
  return (
    <>
      <p role="status" className="px-1 text-xs text-slate-600">
        {found >= SEARCH_LIMIT ? `The ${SEARCH_LIMIT} newest comments matching "${q}": type more to narrow it down` : `${found} ${found === 1 ? "comment" : "comments"} matching "${q}"`}
      </p>
      {search.data.posts.map((post) => (
        <PostCard key={post.id} post={post} context={{ ...context, apply }} />
      ))}
    </>
  );
}
