import type { ApiComment, ApiPost, CommentsPage, CommentUpdatedEvent } from "@/lib/contract/comments-api";

// The comments view's data in the browser (docs/PRODUCT.md §12): the pages GET /api/comments answered, kept
// current by `comment-updated` events and by the answers of the agent's own actions. Pure, so the rules are
// tested without a browser (tests/unit/comment-cache.test.ts).

/** A comment with the comments that answer it (Meta's `parent_id`), oldest first. */
export type CommentNode = { comment: ApiComment; replies: CommentNode[] };

/**
 * A post's comments as threads: each under the comment it answers, oldest first. A reply whose parent is not
 * here (older than the 200 the API gives, or not delivered yet) stands on its own rather than disappear.
 */
export function threadComments(comments: ApiComment[]): CommentNode[] {
  const nodes = new Map(comments.map((c) => [c.externalId, { comment: c, replies: [] as CommentNode[] }]));
  const roots: CommentNode[] = [];
  for (const c of [...comments].sort(byTime)) {
    const node = nodes.get(c.externalId)!;
    const parent = c.parentExternalId && c.parentExternalId !== c.externalId ? nodes.get(c.parentExternalId) : undefined;
    (parent ? parent.replies : roots).push(node);
  }
  return roots;
}

const byTime = (a: ApiComment, b: ApiComment) => a.createdTime.localeCompare(b.createdTime) || a.id.localeCompare(b.id);

/** The loaded posts in order, each once: a post brought live to the top may come again in a later page. */
export function flattenPosts(pages: CommentsPage[] | undefined): ApiPost[] {
  const seen = new Set<string>();
  const posts: ApiPost[] = [];
  for (const page of pages ?? []) {
    for (const post of page.posts) {
      if (seen.has(post.id)) continue;
      seen.add(post.id);
      posts.push(post);
    }
  }
  return posts;
}

/**
 * The comment put in its post: replaced where it was (same id), else added in time order. A known comment keeps
 * its labels and note count: only their own events change them (comment-teamwork-cache.ts), and an action's
 * answer does not carry them.
 */
function withComment(comments: ApiComment[], comment: ApiComment): ApiComment[] {
  if (comments.some((c) => c.id === comment.id)) return comments.map((c) => (c.id === comment.id ? { ...comment, labels: c.labels, noteCount: c.noteCount } : c));
  return [...comments, comment].sort(byTime);
}

/**
 * A comment that arrived or changed (the socket's event, or an action's answer). A known post keeps its place:
 * moving it while an agent types under it would pull the form away. A post not loaded yet goes to the top,
 * where the API's order (the most recently commented first) would put it. `found` says which it was.
 */
export function applyComment(pages: CommentsPage[], event: Pick<CommentUpdatedEvent, "comment"> & { post?: CommentUpdatedEvent["post"] }): { pages: CommentsPage[]; found: boolean } {
  const { comment } = event;
  let found = false;
  const next = pages.map((page) => {
    if (!page.posts.some((p) => p.id === comment.postId)) return page;
    found = true;
    return { ...page, posts: page.posts.map((p) => (p.id === comment.postId ? { ...p, ...event.post, comments: withComment(p.comments, comment) } : p)) };
  });
  if (found || !event.post) return { pages: next, found };
  const [first, ...rest] = next;
  const post: ApiPost = { ...event.post, comments: [comment] };
  return { pages: first ? [{ ...first, posts: [post, ...first.posts] }, ...rest] : [{ posts: [post], nextCursor: null }], found: false };
}

/**
 * The comments marked read, as the cache holds them now: only `seen` changes. Mark-read's answer is the rows
 * as they stood when the request was read, and it may land after a newer event (an @mention's text and
 * author, read from Graph meanwhile): put whole, it would show the older row again.
 */
export function markSeen(pages: CommentsPage[], ids: ReadonlySet<string>): CommentsPage[] {
  const touches = (post: ApiPost) => post.comments.some((c) => ids.has(c.id) && !c.seen);
  return pages.map((page) =>
    page.posts.some(touches)
      ? { ...page, posts: page.posts.map((p) => (touches(p) ? { ...p, comments: p.comments.map((c) => (ids.has(c.id) ? { ...c, seen: true } : c)) } : p)) }
      : page,
  );
}
