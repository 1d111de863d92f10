import { ZUserIdParam } from "@/lib/schemas/users";
import { route } from "@/server/http/route";
import { getUser } from "@/server/services/users/get-user";
import { deleteUser } from "@/server/services/users/delete-user";

// GET /api/users/{id} — one user the actor may see
export const GET = route({ can: "users.manage", params: ZUserIdParam }, ({ actor, params }) => getUser(actor, params.id));

// DELETE /api/users/{id} — delete a user the actor manages (never oneself)
export const DELETE = route({ can: "users.manage", params: ZUserIdParam }, ({ actor, params }) => deleteUser(actor, params.id));
