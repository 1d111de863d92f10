import type { Role } from "@/lib/roles";
import { db } from "@/server/db";
import { readToken } from "@/server/auth/token";
import { AppError } from "@/server/http/errors";

// The acting user of a request or socket. Loaded from the database on every call so that a banned or
// deleted user's token stops working at once (GUIDE §4).
export type Actor = { id: string; name: string; email: string; role: Role; companyId: string | null };

export function bearerToken(header: string | null | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

export async function actorFromToken(token: string | null): Promise<Actor> {
  const userId = token ? await readToken(token) : null;
  if (!userId) throw new AppError("unauthorized", "Please sign in again");
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { id: true, name: true, email: true, role: true, companyId: true, isActive: true },
  });
  if (!user) throw new AppError("unauthorized", "Please sign in again");
  if (!user.isActive) throw new AppError("unauthorized", "Your account has been deactivated");
  return { id: user.id, name: user.name, email: user.email, role: user.role, companyId: user.companyId };
}

export async function authenticate(request: Request): Promise<Actor> {
  return actorFromToken(bearerToken(request.headers.get("authorization")));
}
