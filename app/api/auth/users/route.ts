import { ZUsersQuery } from "@/lib/schemas/users";
import { route } from "@/server/http/route";
import { listUsers } from "@/server/services/users/list-users";

// GET /api/auth/users?page= — every user, newest first, 10 a page (super admin)
export const GET = route({ can: "users.list-all", query: ZUsersQuery }, ({ actor, query }) => listUsers(actor, query.page));
