import { ZUsersQuery } from "@/lib/schemas/users";
import { route } from "@/server/http/route";
import { listUsers } from "@/server/services/users/list-users";

// GET /api/users/company-users?page= — the users of the actor's company, newest first, 10 a page
export const GET = route({ can: "users.list-company", query: ZUsersQuery }, ({ actor, query }) => listUsers(actor, query.page));
