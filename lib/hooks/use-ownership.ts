"use client";

import useSWR from "swr";
import { api } from "@/lib/api/client";
import { can, type Action } from "@/lib/access/permissions";
import type { ConversationListItem } from "@/lib/inbox/types";
import type { POST as AssignConversation } from "@/app/api/conversations/assign/route";
import type { Answer } from "@/lib/contract/http";

// Conversation ownership (beyond the spec; docs/API.md, Ownership): the page's agents for the assign menu,
// the page's auto-assign setting, and the assign call.

export type Agent = { _id: string; name: string; role: string };
export type InboxSettings = { pageId: string; autoAssign: boolean };

const AGENTS_FRESH_MS = 5 * 60_000;

export function usePageAgents(pageId: string | null) {
  return useSWR<Agent[]>(pageId ? ["/api/inbox/agents", pageId] : null, ([path, id]: [string, string]) => api<Agent[]>(path, { query: { pageId: id } }), {
    dedupingInterval: AGENTS_FRESH_MS,
    revalidateOnFocus: false,
  });
}

export function useInboxSettings(pageId: string | null) {
  return useSWR<InboxSettings>(pageId ? ["/api/inbox/settings", pageId] : null, ([path, id]: [string, string]) => api<InboxSettings>(path, { query: { pageId: id } }), {
    revalidateOnFocus: false,
  });
}

export function saveInboxSettings(settings: InboxSettings): Promise<InboxSettings> {
  return api<InboxSettings>("/api/inbox/settings", { method: "PUT", body: settings });
}

/** Sets (or with null clears) the owner; answers the updated list item. */
export async function assignConversation(conversation: ConversationListItem, assigneeId: string | null): Promise<ConversationListItem> {
  const result = await api<Answer<typeof AssignConversation>>("/api/conversations/assign", {
    method: "POST",
    body: { conversationId: conversation.id, pageId: conversation.page_id, assigneeId },
  });
  return result.conversation;
}

/**
 * Who may do what: the permission map the server reads (assign-conversation.ts, or assign-comment.ts with
 * "comments.assign-any"), so the menu shows only what works.
 */
export function assignRights(role: string, userId: string, assigneeId: string | null, anyone: Action = "conversations.assign-any") {
  const manager = can(role, anyone);
  return {
    manager,
    takeForMe: assigneeId !== userId && (manager || assigneeId === null),
    unassign: assigneeId !== null && (manager || assigneeId === userId),
  };
}
