import { z } from "zod";
import { publicRoute } from "@/server/http/route";
import { serveAttachment } from "@/server/services/attachments/serve-attachment";

export const dynamic = "force-dynamic";

// GET /api/attachments/{key}?expires&sig — our copy of a customer's attachment, for the signed URL the thread API handed an agent
export const GET = publicRoute(
  { params: z.object({ key: z.string().max(64) }), query: z.object({ expires: z.coerce.number().int().min(0).max(1e11), sig: z.string().max(128) }) },
  ({ params, query }) => serveAttachment(params.key, query.expires, query.sig),
);
