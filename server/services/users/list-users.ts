import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { USERS_PER_PAGE, type UsersListResponse } from "@/lib/schemas/users";
import { apiUserSelect, toApiUser } from "@/server/services/users/serialize-user";
import { visibleUsersWhere } from "@/server/access/users";

/**
 * GET /api/auth/users (super admin: everyone) and GET /api/users/company-users (the actor's company):
 * newest first, 10 a page. A page past the end is empty rather than an error, so a list that shrank under
 * the user (someone deleted a row) still answers; total_pages is at least 1.
 */
export async function listUsers(actor: Actor, page: number): Promise<UsersListResponse> {
  const where = visibleUsersWhere(actor);
  const [total, rows] = await Promise.all([
    db.user.count({ where }),
    db.user.findMany({
      where,
      // uuid v7 ids grow with time, so they break ties between users created in the same millisecond.
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * USERS_PER_PAGE,
      take: USERS_PER_PAGE,
      select: apiUserSelect,
    }),
  ]);
  return {
    users: rows.map(toApiUser),
    page,
    per_page: USERS_PER_PAGE,
    total,
    total_pages: Math.max(1, Math.ceil(total / USERS_PER_PAGE)),
  };
}
