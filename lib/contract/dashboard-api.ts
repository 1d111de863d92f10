import type { Channel } from "@/lib/inbox/channels";
import type { CommentKind } from "@/lib/contract/comments-api";

// What GET /api/dashboard/stats returns (docs/PRODUCT.md §2 Dashboard; docs/API.md). The spec's three counts
// stay as they are; `byChannel` splits them between Messenger and Instagram (issue 31).

/** People (conversations) counted: all, flagged important, marked spam. */
export type UserCounts = { total: number; important: number; spam: number };

/** The public half (issue 42 point 3): people who commented, and comments still waiting for the Page's first answer. */
export type CommentCounts = { commenters: number; unanswered: number };

export type DashboardStats = UserCounts & {
  /** The same counts per channel; they add up to the totals. */
  byChannel: Record<Channel, UserCounts>;
  /** Comments under the pages' Facebook posts (fb_comment) and Instagram media (ig_comment). */
  comments: Record<CommentKind, CommentCounts>;
  /** The dropdown's options. */
  pages: { _id: string; name: string }[];
  updatedAt: string;
};
