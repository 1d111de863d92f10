import { ZStartFacebookLogin } from "@/lib/schemas/facebook-login";
import { route } from "@/server/http/route";
import { startFacebookLogin } from "@/server/services/pages/facebook-login/start-login";

// POST /api/pages/facebook/start — the Facebook Login dialog URL, with a signed single-use state
export const POST = route({ can: "pages.manage", body: ZStartFacebookLogin }, ({ actor, body }) => startFacebookLogin(actor, body));
