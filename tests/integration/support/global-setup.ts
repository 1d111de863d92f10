import pg from "pg";
import { migrateDeploy } from "../../../prisma/scripts/migrate-lib";
import { recreateDatabase } from "../../support/database";
import { workerDatabaseUrl } from "../../support/worlds";
import { integrationWorkers } from "./workers";

// Once per run: a fresh test database with every migration applied, and a copy of it for each further
// worker (./workers.ts) — copying a template is quicker than migrating again. Both integration projects
// (vitest.config.ts) name this file; the run's one process keeps the first call's promise for the second.
const run = globalThis as unknown as { switchboardTestDatabases?: Promise<void> };

export default function globalSetup(): Promise<void> {
  run.switchboardTestDatabases ??= createTestDatabases();
  return run.switchboardTestDatabases;
}

async function createTestDatabases() {
  const url = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/switchboard_test";
  await recreateDatabase(url);
  await migrateDeploy(url, { log: () => {} });
  const template = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    for (let n = 2; n <= integrationWorkers(); n++) {
      const name = decodeURIComponent(new URL(workerDatabaseUrl(url, n)).pathname.slice(1));
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    }
  } finally {
    await client.end();
  }
}
