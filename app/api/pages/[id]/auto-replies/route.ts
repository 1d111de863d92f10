import { ZPageIdParam } from "@/lib/schemas/pages";
import { ZSetAutoReplies } from "@/lib/schemas/auto-replies";
import { route } from "@/server/http/route";
import { setAutoReplies } from "@/server/services/auto-replies/set-auto-replies";

// PUT /api/pages/{id}/auto-replies {instant, away, every_hours} — the Page's automatic replies (docs/PRODUCT.md §13.1)
export const PUT = route({ can: "pages.auto-replies", params: ZPageIdParam, body: ZSetAutoReplies }, ({ actor, params, body }) => setAutoReplies(actor, params.id, body));
