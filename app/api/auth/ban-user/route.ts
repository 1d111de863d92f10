import { ZBanUser } from "@/lib/schemas/users";
import { route } from "@/server/http/route";
import { banUser } from "@/server/services/users/ban-user";

// POST /api/auth/ban-user — ban (isActive false) or unban (true) a user the actor manages
export const POST = route({ can: "users.manage", body: ZBanUser }, ({ actor, body }) => banUser(actor, body));
