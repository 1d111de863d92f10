"use client";

import { api } from "@/lib/api/client";
import type { ApiComment } from "@/lib/contract/comments-api";
import type { ConversationStatus } from "@/lib/contract/inbox-api";
import { adjustCommentUnread, PAGES_KEY, type PagesResponse } from "@/lib/hooks/use-pages";
import type { ScopedMutator } from "swr";
import type { Answer } from "@/lib/contract/http";
import type { POST as Assign } from "@/app/api/comments/[id]/assign/route";
import type { POST as SetStatus } from "@/app/api/comments/[id]/status/route";
import type { POST as MarkRead } from "@/app/api/comments/mark-read/route";

// The team's work on comments from the browser (docs/API.md "Comments"): assign, done / snooze / reopen, mark
// read. Each call answers the changed comment(s); the `comment-updated` events that follow say the same.

const path = (id: string, action: string) => `/api/comments/${encodeURIComponent(id)}/${action}`;

export async function assignComment(id: string, assigneeId: string | null): Promise<ApiComment> {
  return (await api<Answer<typeof Assign>>(path(id, "assign"), { method: "POST", body: { assigneeId } })).comment;
}

export async function setCommentStatus(id: string, status: ConversationStatus, snoozedUntil: Date | null = null): Promise<ApiComment> {
  return (await api<Answer<typeof SetStatus>>(path(id, "status"), { method: "POST", body: { status, ...(snoozedUntil ? { snoozedUntil: snoozedUntil.toISOString() } : {}) } })).comment;
}

/** Marks them read; the Page's tab and the Comments switch take the unread count the answer carries. */
export async function markCommentsRead(pageId: string, commentIds: string[], mutate: ScopedMutator): Promise<ApiComment[]> {
  const result = await api<Answer<typeof MarkRead>>("/api/comments/mark-read", { method: "POST", body: { pageId, commentIds } });
  void mutate<PagesResponse>(PAGES_KEY, (data) => adjustCommentUnread(data, pageId, result.unread), { revalidate: false });
  return result.comments;
}
