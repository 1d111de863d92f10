// Postgres unique violations (Prisma P2002) mean "someone else created it first": for find-or-create
// under concurrency, read the winner's row instead of failing.

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
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
