"use client";

import { createContext, useContext } from "react";
import type { Typist } from "@/lib/hooks/use-comment-typing";
import type { CommenterLabel } from "@/lib/contract/comments-api";
import type { ApiComment } from "@/lib/contract/comments-api";

// What each comment of the view needs of the team's layer (issue 42 point 3), given once by the comments view
// rather than through every post and thread: who types under which comment, the agent's own typing, and
// where a label change is shown at once.

export type CommentTeamwork = {
  pageId: string;
  typistsOf: (commentId: string) => Typist[];
  setTyping: (commentId: string, active: boolean) => void;
  /** The commenter's labels after the agent's own change, on every comment of theirs shown. */
  showLabels: (comment: Pick<ApiComment, "kind" | "author">, labels: CommenterLabel[]) => void;
  can: { notes: boolean; labels: boolean };
};

export const CommentTeamworkContext = createContext<CommentTeamwork | null>(null);

/** Null outside a comments view that gives it (then the comment shows without the team's layer). */
export function useCommentTeamwork(): CommentTeamwork | null {
  return useContext(CommentTeamworkContext);
}
