import type { ApiComment, CommentsPage } from "@/lib/contract/comments-api";
import type { CommenterLabelsEvent } from "@/lib/contract/comment-teamwork-api";

// The team's layer in the comments view's caches (issue 42 point 3): a commenter's labels on every comment of
// theirs, a comment's note count. Pure, like comment-cache.ts, so the rules are tested without a browser.

function mapComments(pages: CommentsPage[], change: (c: ApiComment) => ApiComment | null): CommentsPage[] {
  let changed = false;
  const next = pages.map((page) => ({
    ...page,
    posts: page.posts.map((post) => ({
      ...post,
      comments: post.comments.map((c) => {
        const updated = change(c);
        if (!updated) return c;
        changed = true;
        return updated;
      }),
    })),
  }));
  return changed ? next : pages;
}

/** The person's labels on each of their comments on the Page (same network, same Meta id; never the Page's own). */
export function applyCommenterLabels(pages: CommentsPage[], event: Pick<CommenterLabelsEvent, "kind" | "authorId" | "labels">): CommentsPage[] {
  return mapComments(pages, (c) => (!c.fromPage && c.kind === event.kind && c.author.id === event.authorId ? { ...c, labels: event.labels } : null));
}

/** A comment's note count after a note was added or deleted. */
export function applyNoteCount(pages: CommentsPage[], commentId: string, noteCount: number): CommentsPage[] {
  return mapComments(pages, (c) => (c.id === commentId && c.noteCount !== noteCount ? { ...c, noteCount } : null));
}
