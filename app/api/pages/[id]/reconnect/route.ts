import { ZPageIdParam } from "@/lib/schemas/pages";
import { route } from "@/server/http/route";
import { reconnectPage } from "@/server/services/pages/manage/reconnect-page";

// POST /api/pages/{id}/reconnect — check the stored token with Facebook again and re-subscribe the page
export const POST = route({ can: "pages.manage", params: ZPageIdParam }, ({ actor, params }) => reconnectPage(actor, params.id));
