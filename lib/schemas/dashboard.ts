import { z } from "zod";

// The admin dashboard (PRODUCT §2 Dashboard: a page dropdown, three cards, 'Last updated').

/** GET /api/dashboard/stats?pageId= — no pageId (or "all") means every page the actor answers. */
export const ZDashboardStatsQuery = z.object({
  pageId: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((s) => (s && s.toLowerCase() !== "all" ? s : undefined)),
});
