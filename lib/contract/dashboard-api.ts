import type { Channel } from "@/lib/inbox/channels";

// What GET /api/dashboard/stats returns (docs/PRODUCT.md §2 Dashboard; docs/API.md). The spec's three counts
// stay as they are; `byChannel` splits them between Messenger and Instagram (issue 31).

/** People (conversations) counted: all, flagged important, marked spam. */
export type UserCounts = { total: number; important: number; spam: number };

export type DashboardStats = UserCounts & {
  /** The same counts per channel; they add up to the totals. */
  byChannel: Record<Channel, UserCounts>;
  /** The dropdown's options. */
  pages: { _id: string; name: string }[];
  updatedAt: string;
};
