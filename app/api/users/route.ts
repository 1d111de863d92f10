import { ZCreateUser } from "@/lib/schemas/users";
import { json, route } from "@/server/http/route";
import { createUser } from "@/server/services/users/create-user";

// POST /api/users — create a company admin (with a new company), an admin or a staff user
export const POST = route({ can: "users.create", body: ZCreateUser }, async ({ actor, body }) =>
  json(await createUser(actor, body), { status: 201 }),
);
