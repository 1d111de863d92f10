import { workerDatabaseUrl, workerRedisUrl } from "../../support/worlds";
import { workerPortNames } from "./workers";

// First of the setup files, before anything reads the environment: points this file's test process at its
// worker's own database, Redis db, ports and upload directory (./workers.ts). Processes the tests start
// inherit it.
const n = Number(process.env.VITEST_POOL_ID) || 1;
if (n > 1) {
  const [smtp, simulator] = workerPortNames(n).map((name) => process.env[name]);
  if (!smtp || !simulator) throw new Error(`no ports were picked for integration worker ${n}: raise TEST_WORKERS in the config's environment`);
  process.env.DATABASE_URL = workerDatabaseUrl(process.env.DATABASE_URL!, n);
  process.env.REDIS_URL = workerRedisUrl(process.env.REDIS_URL!, n);
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtp}`;
  process.env.GRAPH_API_URL = `http://127.0.0.1:${simulator}`;
  process.env.META_DIALOG_URL = `http://127.0.0.1:${simulator}`;
  process.env.UPLOAD_DIR = `${process.env.UPLOAD_DIR}-w${n}`;
}
