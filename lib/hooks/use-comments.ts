"use client";

import { useEffect, useMemo } from "react";
import { useSWRConfig } from "swr";
import useSWRInfinite, { unstable_serialize } from "swr/infinite";
import { api } from "@/lib/api/client";
import type { ApiComment, CommentsPage, CommentUpdatedEvent } from "@/lib/contract/comments-api";
import { COMMENT_VIEWS, type CommentView } from "@/lib/schemas/comments";
import type { ThreadPage } from "@/lib/contract/inbox-api";
import { applyComment, flattenPosts, markSeen } from "@/lib/inbox/comment-cache";
import type { POST as ReplyPublicly } from "@/app/api/comments/[id]/reply/route";
import type { POST as ReplyPrivately } from "@/app/api/comments/[id]/private-reply/route";
import type { Answer } from "@/lib/contract/http";

// The comments view of a Page (docs/PRODUCT.md §12, docs/API.md "Comments"): its posts, the most recently
// commented first, 20 a page, each next page from the previous one's cursor. Live changes come from the
// inbox's socket (use-inbox-realtime.ts applies `comment-updated` to this cache through commentsCacheKey),
// and each action's answer is applied at once, so the agent sees the result without waiting for the event.

type Key = readonly ["comments", string, CommentView, string | null];

function keysOf(pageId: string, view: CommentView) {
  return (index: number, previous: CommentsPage | null): Key | null => (previous && !previous.nextCursor ? null : ["comments", pageId, view, previous?.nextCursor ?? null]);
}

const fetchPage = ([, pageId, view, cursor]: Key) => api<CommentsPage>("/api/comments", { query: { pageId, view, cursor: cursor ?? undefined } });

/** The filter each Page's view shows now (Open first): the socket's events go to that view's cache entry. */
const shownViews = new Map<string, CommentView>();

/** The cache entry of a Page's comments view, for the socket's events (it holds every loaded page). */
export function commentsCacheKey(pageId: string): string {
  return unstable_serialize(keysOf(pageId, shownViews.get(pageId) ?? "open"));
}

/**
 * A `comment-updated` event applied to the loaded pages. A post that is not loaded (new, or further down than
 * the pages shown: the browser cannot tell) comes to the top with this one comment, and `refetch` says to
 * fetch the pages again for the comments it may already have.
 */
export function applyCommentEvent(pages: CommentsPage[] | undefined, event: CommentUpdatedEvent): { pages: CommentsPage[] | undefined; refetch: boolean } {
  if (!pages) return { pages, refetch: false };
  const result = applyComment(pages, event);
  return { pages: result.pages, refetch: !result.found };
}

export function useComments(pageId: string, view: CommentView = "open") {
  useEffect(() => {
    shownViews.set(pageId, view);
  }, [pageId, view]);
  const swr = useSWRInfinite<CommentsPage, Error>(keysOf(pageId, view), fetchPage);
  const pages = swr.data;
  const posts = useMemo(() => flattenPosts(pages), [pages]);
  const last = pages?.at(-1);
  const hasMore = Boolean(last?.nextCursor);
  const loadingMore = hasMore && swr.size > (pages?.length ?? 0);
  const { mutate } = swr;

  const { mutate: mutateOther } = useSWRConfig();
  /**
   * An action's answer shown at once (the event that follows replaces it with the same), in the other filters'
   * loaded pages too: a comment just marked done is not shown as open when the agent goes back to Open.
   */
  function apply(...comments: ApiComment[]) {
    everywhere((data) => comments.reduce<CommentsPage[] | undefined>((acc, comment) => (acc ? applyComment(acc, { comment }).pages : acc), data));
  }
  function everywhere(change: (data: CommentsPage[] | undefined) => CommentsPage[] | undefined) {
    void mutate(change, { revalidate: false });
    for (const other of COMMENT_VIEWS) if (other !== view) void mutateOther<CommentsPage[]>(unstable_serialize(keysOf(pageId, other)), change, { revalidate: false });
  }

  /** Comments the server marked read: their `seen` set where the cache holds them, in every filter's pages. */
  function applySeen(ids: string[]) {
    const seen = new Set(ids);
    everywhere((data) => data && markSeen(data, seen));
  }

  return {
    posts,
    error: swr.error,
    isLoading: swr.isLoading,
    isValidating: swr.isValidating,
    refresh: () => void mutate(),
    hasMore,
    loadingMore,
    loadMore: () => (hasMore && !loadingMore ? void swr.setSize((s) => s + 1) : undefined),
    apply,
    applySeen,
  };
}

// The calls of the view's buttons (docs/API.md "Comments"); each answers what changed.

const commentPath = (id: string, action = "") => `/api/comments/${encodeURIComponent(id)}${action ? `/${action}` : ""}`;

export const replyToComment = (id: string, text: string) => api<Answer<typeof ReplyPublicly>>(commentPath(id, "reply"), { method: "POST", body: { text } });
export const replyPrivately = (id: string, text: string) => api<Answer<typeof ReplyPrivately>>(commentPath(id, "private-reply"), { method: "POST", body: { text } });
export const likeComment = (id: string, liked: boolean) => api<ApiComment>(commentPath(id, "like"), { method: "POST", body: { liked } });
export const hideComment = (id: string, hidden: boolean) => api<ApiComment>(commentPath(id, "hide"), { method: "POST", body: { hidden } });
export const deleteComment = (id: string) => api<ApiComment>(commentPath(id), { method: "DELETE" });

/** The inbox's list item of the conversation a private reply opened, to open it from the comments view. */
export async function conversationOf(conversationId: string, pageId: string) {
  const thread = await api<ThreadPage>(`/api/conversation/${encodeURIComponent(conversationId)}/${encodeURIComponent(pageId)}`, { query: { limit: 1 } });
  return thread.conversation;
}
