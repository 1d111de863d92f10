import type { Actor } from "@/server/services/auth/actor";
import type { ApiUser } from "@/lib/schemas/users";
import { toApiUser } from "@/server/services/users/serialize-user";
import { findVisibleUser } from "@/server/access/users";

/** GET /api/users/{id}: one user the actor may see (admins may view every user of their company). */
export async function getUser(actor: Actor, id: string): Promise<ApiUser> {
  return toApiUser(await findVisibleUser(actor, id));
}
