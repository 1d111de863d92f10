import { migrateDeploy } from "../../../prisma/scripts/migrate-lib";
import { recreateDatabase } from "../../support/database";

// Once per run: a fresh test database with every migration applied.
export default async function globalSetup() {
  const url = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/switchboard_test";
  await recreateDatabase(url);
  await migrateDeploy(url, { log: () => {} });
}
