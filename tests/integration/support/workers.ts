// Integration files run two at a time (the machine's two cores mostly wait on Postgres, Redis and the
// processes the tests start). Each of vitest's workers gets a world of its own: its database, its Redis db,
// its SMTP and simulator ports and its upload directory. Worker 1 keeps the configured ones, so a run with
// one worker (TEST_WORKERS=1) is what it always was.

/** Files of the integration project run at once: TEST_WORKERS, else 2. */
export const integrationWorkers = () => Math.max(1, Number(process.env.TEST_WORKERS) || 2);

/** Worker `n`'s database: the configured one for worker 1, `<name>_w<n>` beside it for the others. */
export function workerDatabaseUrl(base: string, n: number): string {
  if (n <= 1) return base;
  const url = new URL(base);
  url.pathname = `${url.pathname}_w${n}`;
  return url.toString();
}

/**
 * Worker `n`'s Redis db: every second one below the configured one (15, 13, …), so the default
 * integration dbs leave 14 to e2e (tests/e2e/support/env.ts) and 11 to the bench.
 */
export function workerRedisUrl(base: string, n: number): string {
  if (n <= 1) return base;
  const url = new URL(base);
  const db = Number(url.pathname.slice(1) || "0") - 2 * (n - 1);
  if (db < 0) throw new Error(`TEST_REDIS_URL ${base} leaves no Redis db for integration worker ${n}: choose a higher db`);
  url.pathname = `/${db}`;
  return url.toString();
}

/** The environment names whose ports each worker needs a free one of. */
export const workerPortNames = (n: number) => (n <= 1 ? ["TEST_SMTP_PORT", "TEST_SIMULATOR_PORT"] : [`TEST_SMTP_PORT_${n}`, `TEST_SIMULATOR_PORT_${n}`]);
