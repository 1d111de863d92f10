"use client";

import { useMemo, type ReactNode } from "react";
import { useSWRConfig } from "swr";
import { useAuth } from "@/components/auth/auth-provider";
import { can } from "@/lib/access/permissions";
import type { ClientSocket } from "@/lib/contract/socket-events";
import { useCommentTyping } from "@/lib/hooks/use-comment-typing";
import { applyCommenterLabelsEvent } from "@/lib/hooks/use-comment-teamwork";
import { CommentTeamworkContext, type CommentTeamwork } from "@/components/inbox/comments/comment-teamwork-context";

/** The team's layer for every comment of one Page's comments view (comment-teamwork-context.tsx). */
export function CommentTeamworkProvider({ pageId, socket, children }: { pageId: string; socket: ClientSocket | null; children: ReactNode }) {
  const { user } = useAuth();
  const { mutate } = useSWRConfig();
  const { typistsOf, setTyping } = useCommentTyping(socket, pageId, user?.id ?? null);
  const value = useMemo<CommentTeamwork>(
    () => ({
      pageId,
      typistsOf,
      setTyping,
      showLabels: (comment, labels) => applyCommenterLabelsEvent(mutate, { pageId, kind: comment.kind, authorId: comment.author.id, labels }),
      can: { notes: can(user?.role, "notes.write"), labels: can(user?.role, "labels.use") },
    }),
    [pageId, typistsOf, setTyping, mutate, user?.role],
  );
  return <CommentTeamworkContext.Provider value={value}>{children}</CommentTeamworkContext.Provider>;
}
