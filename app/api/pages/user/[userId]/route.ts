import { ZUserIdRouteParam } from "@/lib/schemas/users";
import { route } from "@/server/http/route";
import { listUserPages } from "@/server/services/pages/manage/list-user-pages";

// GET /api/pages/user/{userId} — the pages a user owns or is assigned
export const GET = route({ can: "pages.view", params: ZUserIdRouteParam }, ({ actor, params }) => listUserPages(actor, params.userId));
