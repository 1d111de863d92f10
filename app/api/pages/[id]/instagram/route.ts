import { ZPageIdParam } from "@/lib/schemas/pages";
import { ZSetInstagram } from "@/lib/schemas/instagram";
import { route } from "@/server/http/route";
import { checkInstagramAgain, setInstagramEnabled } from "@/server/services/pages/instagram/set-instagram";

const params = ZPageIdParam;

// PUT /api/pages/{id}/instagram {enabled} — turn Instagram Direct on or off for the Page's linked account
export const PUT = route({ can: "pages.manage", params, body: ZSetInstagram }, ({ actor, params, body }) => setInstagramEnabled(actor, params.id, body));

// POST /api/pages/{id}/instagram — ask Facebook again which Instagram account is linked to the Page
export const POST = route({ can: "pages.manage", params }, ({ actor, params }) => checkInstagramAgain(actor, params.id));
