import type { ApiUser } from "@/lib/schemas/users";
import type { Role } from "@/lib/access/roles";

// The admin API's user shape (PRODUCT §3 User, snake_case as the spec's clients read it). Never the hash.

export const apiUserSelect = {
  id: true,
  name: true,
  email: true,
  role: true,
  isActive: true,
  createdAt: true,
  companyId: true,
  company: { select: { id: true, name: true } },
} as const;

export type ApiUserRow = {
  id: string;
  name: string;
  email: string;
  role: Role;
  isActive: boolean;
  createdAt: Date;
  companyId: string | null;
  company: { id: string; name: string } | null;
};

export function toApiUser(row: ApiUserRow): ApiUser {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    company: row.company ? { _id: row.company.id, name: row.company.name } : null,
  };
}
