import { ZPageIdParam, ZUpdatePage } from "@/lib/schemas/pages";
import { route } from "@/server/http/route";
import { getPage } from "@/server/services/pages/manage/get-page";
import { updatePage } from "@/server/services/pages/manage/update-page";
import { deletePage } from "@/server/services/pages/manage/delete-page";

const params = ZPageIdParam;

// GET /api/pages/{id} — one page the actor administers
export const GET = route({ can: "pages.view", params }, ({ actor, params }) => getPage(actor, params.id));

// PUT /api/pages/{id} — rename, change the Facebook id, or replace the token (only when sent)
export const PUT = route({ can: "pages.manage", params, body: ZUpdatePage }, ({ actor, params, body }) => updatePage(actor, params.id, body));

// DELETE /api/pages/{id} — disconnect a page and everything the inbox holds for it
export const DELETE = route({ can: "pages.manage", params }, ({ actor, params }) => deletePage(actor, params.id));
