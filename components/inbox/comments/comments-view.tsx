"use client";

import { useCallback, useMemo, useState } from "react";
import { useAuth } from "@/components/auth/auth-provider";
import { can } from "@/lib/access/permissions";
import { errorMessage } from "@/lib/api/client";
import type { ConversationListItem } from "@/lib/contract/inbox-api";
import { conversationOf, useComments } from "@/lib/hooks/use-comments";
import { useNow } from "@/lib/hooks/use-now";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { RefreshIcon } from "@/components/ui/icons";
import { SpinnerIcon } from "@/components/ui/spinner";
import { CommentsIcon } from "@/components/inbox/comments/comment-icons";
import { PostCard } from "@/components/inbox/comments/post-card";
import { CommentViewFilter } from "@/components/inbox/comments/comment-view-filter";
import { useMarkShownRead } from "@/components/inbox/comments/use-mark-shown-read";
import type { CommentView } from "@/lib/schemas/comments";
import { COMMENT_VIEW_EMPTY, postsInView } from "@/lib/inbox/comment-views";
import { useDebouncedValue } from "@/lib/hooks/use-debounced-value";
import { SEARCH_DEBOUNCE_MS } from "@/lib/inbox/constants";
import { SearchBox } from "@/components/inbox/list/search-box";
import { COMMENT_SEARCH_MAX_LENGTH } from "@/lib/schemas/comment-teamwork";
import { CommentSearchResults } from "@/components/inbox/comments/comment-search-results";

type Props = {
  pageId: string;
  /** Opens a conversation in the Conversations view (a private reply's "Open the conversation"). */
  onOpenConversation: (item: ConversationListItem) => void;
};

/**
 * The Comments view of the selected Page (docs/PRODUCT.md §12): its posts, the most recently commented first,
 * each with its comments, 20 posts at a time. Loaded in its own chunk when first shown (lazy-panes.tsx), so
 * /chats's first load does not carry it; live through the inbox's socket (use-inbox-realtime.ts).
 */
export function CommentsView({ pageId, onOpenConversation }: Props) {
  const { user } = useAuth();
  const [view, setView] = useState<CommentView>("open");
  const comments = useComments(pageId, view);
  // The API's view, kept true in the browser as actions and live events move comments in and out of it.
  const userId = user?.id ?? null;
  const posts = useMemo(() => postsInView(comments.posts, view, userId), [comments.posts, view, userId]);
  useMarkShownRead(pageId, posts, comments.applySeen);
  const now = useNow();
  const permissions = { answer: can(user?.role, "comments.answer"), moderate: can(user?.role, "comments.moderate") };
  // Search in the Page's comments (docs/PRODUCT.md §12): debounced as the conversations' search box.
  const [searchInput, setSearchInput] = useState("");
  const q = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);

  const openConversation = useCallback(
    (conversationId: string) => {
      conversationOf(conversationId, pageId).then(onOpenConversation, (error: unknown) => toast.error(errorMessage(error, "The conversation could not be opened")));
    },
    [pageId, onOpenConversation],
  );

  return (
    <section aria-labelledby="comments-heading" className="flex min-h-0 flex-1 flex-col">
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        <div className="mx-auto w-full max-w-3xl space-y-3 px-3 py-3 sm:px-6 sm:py-5">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 id="comments-heading" className="text-base font-semibold text-slate-900">
                Comments
              </h2>
              <p className="text-xs text-slate-500">Under this Page&apos;s posts, the most recently commented first</p>
            </div>
            <button type="button" onClick={comments.refresh} aria-label="Refresh comments" title="Refresh" className="flex size-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600">
              <RefreshIcon className={comments.isValidating && !comments.isLoading ? "size-4 animate-spin" : "size-4"} />
            </button>
          </div>
          <CommentViewFilter view={view} onView={setView} />

          <SearchBox value={searchInput} onChange={setSearchInput} label="Search comments" maxLength={COMMENT_SEARCH_MAX_LENGTH} />

          {q && searchInput.trim() ? (
            <CommentSearchResults pageId={pageId} q={q} context={{ now, can: permissions, apply: comments.apply, onOpenConversation: openConversation, pageId }} />
          ) : comments.error && !comments.posts.length ? (
            <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-4 text-sm text-red-700">
              <p className="font-medium">Failed to load comments</p>
              <p className="mt-0.5 break-words">{errorMessage(comments.error, "Something went wrong")}</p>
              <Button variant="secondary" size="sm" className="mt-2" onClick={comments.refresh}>
                Try again
              </Button>
            </div>
          ) : comments.isLoading ? (
            <p role="status" className="flex items-center justify-center gap-2 py-12 text-sm text-slate-500">
              <SpinnerIcon className="size-4 text-indigo-600" /> Loading comments...
            </p>
          ) : posts.length === 0 && !comments.hasMore ? (
            <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
              <CommentsIcon className="size-8 text-slate-400" aria-hidden="true" />
              <p className="mt-3 text-sm font-medium text-slate-800">{COMMENT_VIEW_EMPTY[view]}</p>
              <p className="mt-1 max-w-sm text-sm text-slate-600">Comments under this Page&apos;s Facebook posts and its Instagram media show up here as they are written.</p>
            </div>
          ) : (
            <>
              {posts.map((post) => (
                <PostCard key={post.id} post={post} context={{ now, can: permissions, apply: comments.apply, onOpenConversation: openConversation, pageId }} />
              ))}
              {comments.hasMore && (
                <div className="flex justify-center py-2">
                  <Button variant="secondary" size="sm" pending={comments.loadingMore} pendingText="Loading..." onClick={comments.loadMore}>
                    Load more posts
                  </Button>
                </div>
              )}
            </>
          )}
        </div>
      </div>
    </section>
  );
}
