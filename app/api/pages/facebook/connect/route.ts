import { ZConnectPickedPages } from "@/lib/schemas/facebook-login";
import { route } from "@/server/http/route";
import { connectPickedPages } from "@/server/services/pages/facebook-login/connect-picked-pages";

// POST /api/pages/facebook/connect — connect the Pages picked after Facebook Login (verified, subscribed)
export const POST = route({ can: "pages.manage", body: ZConnectPickedPages }, ({ actor, body }) => connectPickedPages(actor, body));
