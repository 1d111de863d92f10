import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";

// Company access: company-owned lists (users, whitelist, offers, sheets, violations) belong to the actor's
// company; the super admin has none.

/** The company an admin acts for; company-owned lists have no meaning without one. */
export function actorCompanyId(actor: Actor): string {
  if (!actor.companyId) throw new AppError("forbidden", "This list belongs to a company; sign in as one of its admins");
  return actor.companyId;
}
