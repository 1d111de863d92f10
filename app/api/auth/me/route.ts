import { route } from "@/server/http/route";
import { toSessionUser } from "@/server/services/auth/session-user";

// GET /api/auth/me — the signed-in user, as stored in the session
export const GET = route({}, async ({ actor }) => ({ user: await toSessionUser(actor) }));
