import { z } from "zod";

// The fair queue's inputs (docs/PRODUCT.md §13.4): an agent's away switch and the capacity a company admin
// sets per agent. Shared by the forms and the routes.

/** An agent's capacity: how many open conversations the fair queue gives them at most (0: none). */
export const MAX_CAPACITY = 1000;

/** PUT /api/inbox/away */
export const ZAway = z.object({ away: z.boolean({ error: "away must be true or false" }) });
export type TAway = z.infer<typeof ZAway>;

/** PUT /api/users/{id}/capacity */
export const ZCapacity = z.object({
  capacity: z
    .number({ error: "Capacity must be a whole number" })
    .int("Capacity must be a whole number")
    .min(0, "Capacity cannot be negative")
    .max(MAX_CAPACITY, `Capacity is at most ${MAX_CAPACITY}`),
});
export type TCapacity = z.infer<typeof ZCapacity>;

/** An agent's fair-queue settings as GET/PUT /api/users/{id}/capacity answer them. */
export type AgentCapacity = { userId: string; capacity: number; away: boolean; openConversations: number };

/** PUT /api/inbox/queue: a page's fair-queue switch (admins). */
export const ZFairQueueSwitch = z.object({
  pageId: z.string({ error: "pageId is required" }).trim().min(1, "pageId is required").max(100),
  fairQueue: z.boolean({ error: "fairQueue must be true or false" }),
});
export type TFairQueueSwitch = z.infer<typeof ZFairQueueSwitch>;
