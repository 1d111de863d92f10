"use client";

import { useEffect, useRef } from "react";
import { useSWRConfig } from "swr";
import type { ApiPost } from "@/lib/contract/comments-api";
import { MARK_READ_MAX } from "@/lib/schemas/comment-work";
import { unseenIds } from "@/lib/inbox/comment-views";
import { markCommentsRead } from "@/lib/hooks/use-comment-work";

/**
 * The comments the view shows are read (docs/PRODUCT.md §12), as opening a conversation reads it: on load, on
 * the next page, and as they arrive live while the view is open. Each comment is asked for once; one that
 * failed is asked again with the next change. The answer sets only `seen` (markSeen says why).
 */
export function useMarkShownRead(pageId: string, posts: ApiPost[], applySeen: (ids: string[]) => void): void {
  const { mutate } = useSWRConfig();
  const asked = useRef(new Set<string>());
  useEffect(() => {
    const ids = unseenIds(posts).filter((id) => !asked.current.has(id));
    if (!ids.length) return;
    for (const id of ids) asked.current.add(id);
    for (let i = 0; i < ids.length; i += MARK_READ_MAX) {
      const chunk = ids.slice(i, i + MARK_READ_MAX);
      markCommentsRead(pageId, chunk, mutate).then(
        (changed) => changed.length && applySeen(changed.map((c) => c.id)),
        () => chunk.forEach((id) => asked.current.delete(id)),
      );
    }
  }, [pageId, posts, applySeen, mutate]);
}
