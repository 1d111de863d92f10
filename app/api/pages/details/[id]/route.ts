import { ZPageIdParam } from "@/lib/schemas/pages";
import { route } from "@/server/http/route";
import { getPageDetails } from "@/server/services/pages/manage/get-page-details";

// GET /api/pages/details/{id} — a page with its owner, assigned users and counts
export const GET = route({ can: "pages.view", params: ZPageIdParam }, ({ actor, params }) => getPageDetails(actor, params.id));
