import { route } from "@/server/http/route";
import { signOutEverywhere } from "@/server/services/auth/sign-out-everywhere";

// POST /api/auth/sign-out-everywhere — end every session of the signed-in user, this one included
export const POST = route({}, ({ actor }) => signOutEverywhere(actor));
