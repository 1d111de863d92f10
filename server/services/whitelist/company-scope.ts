import type { Actor } from "@/server/auth/actor";
import { AppError } from "@/server/http/errors";

/** The company an admin acts for; company-owned lists have no meaning without one. */
export function actorCompanyId(actor: Actor): string {
  if (!actor.companyId) throw new AppError("forbidden", "This list belongs to a company; sign in as one of its admins");
  return actor.companyId;
}
