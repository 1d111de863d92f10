import { ZCheckPageToken } from "@/lib/schemas/pages";
import { route } from "@/server/http/route";
import { checkPageToken } from "@/server/services/pages/manage/check-page-token";

// POST /api/pages/verify — ask Facebook whose token this is (and the Page's name); saves nothing
export const POST = route({ can: "pages.manage", body: ZCheckPageToken }, ({ actor, body }) => checkPageToken(actor, body));
