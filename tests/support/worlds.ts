// Tests run in parallel workers, each in a world of its own: its database and its Redis db beside the
// configured ones. Worker 1 keeps the configured ones, so a run with one worker is what it always was.
// Integration workers (tests/integration/support/workers.ts) and e2e stacks (tests/e2e/support/env.ts) both
// name theirs here.

/** Worker `n`'s database: the configured one for worker 1, `<name>_w<n>` beside it for the others. */
export function workerDatabaseUrl(base: string, n: number): string {
  if (n <= 1) return base;
  const url = new URL(base);
  url.pathname = `${url.pathname}_w${n}`;
  return url.toString();
}

/**
 * Worker `n`'s Redis db: every second one below the configured one (integration 15, 13, …; e2e 14, 12, …),
 * so the two suites' defaults never meet and 11 stays the bench's.
 */
export function workerRedisUrl(base: string, n: number): string {
  if (n <= 1) return base;
  const url = new URL(base);
  const db = Number(url.pathname.slice(1) || "0") - 2 * (n - 1);
  if (db < 0) throw new Error(`Redis URL ${base} leaves no Redis db for parallel worker ${n}: choose a higher db`);
  url.pathname = `/${db}`;
  return url.toString();
}
