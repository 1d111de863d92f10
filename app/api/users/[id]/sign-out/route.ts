import { ZUserIdParam } from "@/lib/schemas/users";
import { route } from "@/server/http/route";
import { signOutUser } from "@/server/services/users/sign-out-user";

// POST /api/users/{id}/sign-out — end every session of a user the actor manages
export const POST = route({ can: "users.manage", params: ZUserIdParam }, ({ actor, params }) => signOutUser(actor, params.id));
