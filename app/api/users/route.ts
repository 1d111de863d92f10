import { ZCreateUser } from "@/lib/schemas/users";
import { route } from "@/server/http/route";
import { createUser } from "@/server/services/users/create-user";

// Who may create users at all; which roles each may create is the service's rule (SPEC §6).
const CREATE_USER_ROLES = ["super_admin", "company_admin", "admin"] as const;

// POST /api/users — create a company admin (with a new company), an admin or a staff user
export const POST = route({ roles: CREATE_USER_ROLES, body: ZCreateUser }, async ({ actor, body }) =>
  Response.json(await createUser(actor, body), { status: 201 }),
);
