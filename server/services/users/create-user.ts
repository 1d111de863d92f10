import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import type { TCreateUser } from "@/lib/schemas/users";
import { CREATABLE_ROLES, hasTrait } from "@/lib/access/roles";
import { hashPassword } from "@/server/services/users/password";
import { apiUserSelect, toApiUser } from "@/server/services/users/serialize-user";
import { actorCompanyId } from "@/server/access/company";
import { recordAudit } from "@/server/services/audit/record-audit";
import { withUniqueEmail } from "@/server/services/users/unique-email";

const ROLE_REFUSAL = {
  super_admin: "A super admin can only create company admins",
  company_admin: "A company admin can only create admins and staff",
  admin: "An admin can only create staff",
  staff: "Staff cannot create users",
} as const;

/**
 * POST /api/users (alias POST /api/auth/signup). PRODUCT §6: the super admin creates a company admin together
 * with a new company (`companyName`); a company admin creates admins and staff, an admin creates staff, in
 * their own company. A given password is stored only as a scrypt hash (sign-in itself is by e-mail code).
 */
export async function createUser(actor: Actor, input: TCreateUser) {
  if (!CREATABLE_ROLES[actor.role].includes(input.role)) throw new AppError("forbidden", ROLE_REFUSAL[actor.role]);

  // The password is hashed (slow on purpose) only once the address is known to be free.
  const user = await withUniqueEmail({ email: input.email, field: "email" }, async () => {
    const passwordHash = input.password ? await hashPassword(input.password) : null;
    const data = { name: input.name, email: input.email, role: input.role, passwordHash };
    // A company admin comes with a new company (one write: both exist or neither); others join the actor's.
    // ZCreateUser requires companyName for company admins, the only role a super admin creates.
    const company = hasTrait(actor.role, "allCompanies") && input.companyName ? { create: { name: input.companyName } } : { connect: { id: actorCompanyId(actor) } };
    return db.$transaction(async (tx) => {
      const row = await tx.user.create({ data: { ...data, company }, select: apiUserSelect });
      // A super admin's new company admin opens the new company's log (PRODUCT §13.5). Never the password.
      if (row.companyId) await recordAudit({ companyId: row.companyId, actor, action: "user.created", target: { type: "user", id: row.id, name: row.name }, details: { role: row.role, email: row.email } }, tx);
      return row;
    });
  });
  return { success: true, message: "User created successfully", user: toApiUser(user) };
}
