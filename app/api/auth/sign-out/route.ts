import { route } from "@/server/http/route";
import { sessionOf } from "@/server/services/auth/actor";
import { signOut } from "@/server/services/auth/sign-out";

// POST /api/auth/sign-out — end this session: its token and its sockets stop working
export const POST = route({}, async ({ actor, request }) => signOut(actor, await sessionOf(request)));
