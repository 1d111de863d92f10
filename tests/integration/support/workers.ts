// Integration files run two at a time (the machine's two cores mostly wait on Postgres, Redis and the
// processes the tests start). Each of vitest's workers gets a world of its own: its database, its Redis db,
// its SMTP and simulator ports and its upload directory. Worker 1 keeps the configured ones, so a run with
// one worker (TEST_WORKERS=1) is what it always was (tests/support/worlds.ts names each one's database and Redis db).

/** Files of the integration project run at once: TEST_WORKERS, else 2. */
export const integrationWorkers = () => Math.max(1, Number(process.env.TEST_WORKERS) || 2);

/** The environment names whose ports each worker needs a free one of. */
export const workerPortNames = (n: number) => (n <= 1 ? ["TEST_SMTP_PORT", "TEST_SIMULATOR_PORT"] : [`TEST_SMTP_PORT_${n}`, `TEST_SIMULATOR_PORT_${n}`]);
