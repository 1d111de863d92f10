"use client";

import { useState } from "react";
import { ApiError, errorMessage } from "@/lib/api/client";
import type { ApiComment } from "@/lib/contract/comments-api";
import { deleteComment, hideComment, likeComment, replyPrivately, replyToComment } from "@/lib/hooks/use-comments";
import { toast } from "@/lib/toast";

/** Which button of a comment is waiting for its answer (one at a time: Meta's answer decides the next). */
type Busy = "like" | "hide" | "delete" | null;

/**
 * One comment's calls (docs/API.md "Comments"). Meta answers first, so nothing changes on screen until it did;
 * the answer is applied at once (`apply`), and a refusal is a toast with the server's words — for a link off
 * the whitelist, the links it named.
 */
export function useCommentActions(comment: ApiComment, apply: (...comments: ApiComment[]) => void) {
  const [busy, setBusy] = useState<Busy>(null);

  async function run<T>(what: Busy, call: () => Promise<T>, done: (answer: T) => void, failed: string): Promise<boolean> {
    setBusy(what);
    try {
      done(await call());
      return true;
    } catch (error) {
      const urls = error instanceof ApiError && Array.isArray(error.body.urls) ? (error.body.urls as string[]) : [];
      toast.error(errorMessage(error, failed), urls.length ? { description: urls.join(", ") } : undefined);
      return false;
    } finally {
      setBusy(null);
    }
  }

  return {
    busy,
    reply: (text: string) => run(null, () => replyToComment(comment.id, text), (r) => apply(r.reply, r.comment), "The reply could not be sent"),
    replyPrivately: (text: string) => run(null, () => replyPrivately(comment.id, text), (r) => apply(r.comment), "The private reply could not be sent"),
    toggleLike: () => void run("like", () => likeComment(comment.id, !comment.liked), apply, comment.liked ? "Could not unlike the comment" : "Could not like the comment"),
    toggleHidden: () => void run("hide", () => hideComment(comment.id, !comment.hidden), apply, comment.hidden ? "Could not unhide the comment" : "Could not hide the comment"),
    /** Rejects on a refusal, so the confirmation stays open (DeleteConfirmation). */
    remove: async () => {
      if (!(await run("delete", () => deleteComment(comment.id), apply, "The comment could not be deleted"))) throw new Error("refused");
    },
  };
}
