// Postgres unique violations (Prisma's P2002, pg's SQLSTATE 23505 through the SQL layer) mean "someone else created it first": for find-or-create
// under concurrency, read the winner's row instead of failing.

export function isUniqueViolation(error: unknown): boolean {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === "P2002" || code === "23505";
}

export async function createOrFind<T>(create: () => Promise<T>, find: () => Promise<T | null>): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const existing = await find();
    if (!existing) throw error;
    return existing;
  }
}
