import type { ConversationListItem } from "@/lib/contract/inbox-api";

// The Unassigned queue (docs/PRODUCT.md §13.4) as GET /api/inbox/queue answers it. Browser-safe.

/** Shown in the view at most; the count goes on to QUEUE_COUNT_CAP. */
export const QUEUE_VIEW_LIMIT = 100;
export const QUEUE_COUNT_CAP = 1_000;

export type QueueEntry = {
  /** 1 = next to be handed out on this page. */
  position: number;
  /** When the conversation arrived (its creation): the queue's order. */
  arrived_at: string;
  conversation: ConversationListItem;
};

export type QueueView = {
  pageId: string;
  /** The page's fair-queue switch: off, nothing is handed out automatically (the queue is still shown). */
  fairQueue: boolean;
  /** How many wait, up to QUEUE_COUNT_CAP. */
  total: number;
  data: QueueEntry[];
};

/** GET /api/inbox/away and PUT: whether the signed-in agent is away (gets no conversations from the queue). */
export type AwayState = { away: boolean };
