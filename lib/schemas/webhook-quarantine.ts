import { z } from "zod";

// GET /api/admin/webhook-quarantine and its retry (docs/API.md, Webhook quarantine).

export const ZQuarantineQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(["open", "resolved", "all"]).default("open"),
  facebookPageId: z.string().regex(/^\d{1,30}$/, "must be a Facebook page id").optional(),
});
export type TQuarantineQuery = z.infer<typeof ZQuarantineQuery>;

export const ZQuarantineId = z.object({ id: z.string().regex(/^\d{1,18}$/, "must be a quarantine id") });
