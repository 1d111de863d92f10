import { ZUnassignPage } from "@/lib/schemas/pages";
import { route } from "@/server/http/route";
import { unassignPage } from "@/server/services/pages/manage/unassign-page";

// POST /api/pages/unassign — remove one page from a company user {userId, pageId}
export const POST = route({ can: "pages.assign", body: ZUnassignPage }, ({ actor, body }) => unassignPage(actor, body));
