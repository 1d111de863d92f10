"use client";

import useSWR, { type ScopedMutator } from "swr";
import { api, apiUrl } from "@/lib/api/client";
import type { ApiComment, CommentsPage } from "@/lib/contract/comments-api";
import type { ApiCommentNote, CommenterLabelsEvent, CommenterLabelsResponse, CommentNotesEvent } from "@/lib/contract/comment-teamwork-api";
import { commentsCacheKey } from "@/lib/hooks/use-comments";
import { applyComment } from "@/lib/inbox/comment-cache";
import { applyCommenterLabels, applyNoteCount } from "@/lib/inbox/comment-teamwork-cache";
import type { Answer } from "@/lib/contract/http";
import type { DELETE as DeleteNote } from "@/app/api/comment-notes/[id]/route";

// The team's layer on comments in the browser (docs/PRODUCT.md §12, docs/API.md "Comments"): a comment's notes,
// its commenter's labels, the search's results, and the socket's `comment-notes` / `commenter-labels` applied
// to every cache that shows the comment (use-inbox-realtime.ts calls the two appliers).

/** A comment's notes, newest first (fetched when its Notes are opened). */
export const commentNotesKey = (commentId: string) => `/api/comments/${encodeURIComponent(commentId)}/notes`;

export function useCommentNotes(commentId: string | null) {
  return useSWR<ApiCommentNote[]>(commentId ? commentNotesKey(commentId) : null, (url: string) => api<ApiCommentNote[]>(url));
}

export const addCommentNote = (commentId: string, text: string) => api<ApiCommentNote>(commentNotesKey(commentId), { method: "POST", body: { text } });
export const editCommentNote = (id: string, text: string) => api<ApiCommentNote>(`/api/comment-notes/${encodeURIComponent(id)}`, { method: "PATCH", body: { text } });
export const deleteCommentNote = (id: string) => api<Answer<typeof DeleteNote>>(`/api/comment-notes/${encodeURIComponent(id)}`, { method: "DELETE" });

const labelsPath = (commentId: string) => `/api/comments/${encodeURIComponent(commentId)}/labels`;
export const addCommenterLabel = (commentId: string, label: { name: string; color: string }) => api<CommenterLabelsResponse>(labelsPath(commentId), { method: "POST", body: label });
export const removeCommenterLabel = (commentId: string, name: string) => api<CommenterLabelsResponse>(labelsPath(commentId), { method: "DELETE", query: { name } });

/** A search's results (GET /api/comments?pageId&q): one page, the newest matches under their posts. */
export const commentSearchKey = (pageId: string, q: string) => apiUrl("/api/comments", { pageId, q });
const isSearchOf = (pageId: string) => (key: unknown) => typeof key === "string" && key.startsWith(`${apiUrl("/api/comments", { pageId })}&q=`);

export function useCommentSearch(pageId: string, q: string) {
  return useSWR<CommentsPage>(q ? commentSearchKey(pageId, q) : null, (url: string) => api<CommentsPage>(url), { keepPreviousData: true });
}

/** An action's answer in the search's results too (the comments view applies it to its own pages). */
export function applyToSearches(mutate: ScopedMutator, pageId: string, ...comments: ApiComment[]) {
  void mutate<CommentsPage>(isSearchOf(pageId), (page) => (page ? comments.reduce((acc, comment) => applyComment([acc], { comment }).pages[0]!, page) : page), { revalidate: false });
}

/** Changes every loaded view of the Page's comments: its pages and its searches. */
function updateViews(mutate: ScopedMutator, pageId: string, change: (pages: CommentsPage[]) => CommentsPage[]) {
  void mutate<CommentsPage[]>(commentsCacheKey(pageId), (pages) => (pages ? change(pages) : pages), { revalidate: false });
  void mutate<CommentsPage>(isSearchOf(pageId), (page) => (page ? change([page])[0] : page), { revalidate: false });
}

/** `commenter-labels` (or the answer to the agent's own change): every comment of that person shows them. */
export function applyCommenterLabelsEvent(mutate: ScopedMutator, event: CommenterLabelsEvent) {
  updateViews(mutate, event.pageId, (pages) => applyCommenterLabels(pages, event));
}

/** `comment-notes`: the comment's count, and its notes list if it was loaded. */
export function applyCommentNotesEvent(mutate: ScopedMutator, event: CommentNotesEvent) {
  updateViews(mutate, event.pageId, (pages) => applyNoteCount(pages, event.commentId, event.noteCount));
  void mutate(commentNotesKey(event.commentId));
}
