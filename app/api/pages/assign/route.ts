import { ZAssignPages } from "@/lib/schemas/pages";
import { route } from "@/server/http/route";
import { assignPages } from "@/server/services/pages/manage/assign-pages";

// POST /api/pages/assign — make {pageIds} the pages a company user answers
export const POST = route({ can: "pages.assign", body: ZAssignPages }, ({ actor, body }) => assignPages(actor, body));
