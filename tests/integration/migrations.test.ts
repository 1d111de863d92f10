// The offline migration runner against a real Postgres: a fresh database migrated by it must match
// schema.prisma, and Prisma's own engine must read its _prisma_migrations rows as a clean history.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diagnoseHistory, diffDatabaseToSchema, diffMigrationsToSchema } from "../../prisma/scripts/migrate-diff";
import { DEFAULT_DATABASE_URL, MIGRATIONS_DIR, migrateDeploy, readMigrations, SCHEMA_PATH } from "../../prisma/scripts/migrate-lib";

// A throwaway database on the same server as the configured one.
const url = new URL(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
url.pathname = `/switchboard_migrations_${process.pid}_${Date.now().toString(36)}`;
const databaseUrl = url.toString();
const databaseName = url.pathname.slice(1);

const adminUrl = new URL(url);
adminUrl.pathname = "/postgres";

const migrations = readMigrations();
const mappedTables = [...readFileSync(SCHEMA_PATH, "utf8").matchAll(/@@map\("(\w+)"\)/g)].map((m) => m[1]);
let client: pg.Client;

type Row = { migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null; applied_steps_count: number; logs: string | null };
const historyRows = async () =>
  (await client.query<Row>("SELECT migration_name, checksum, finished_at, rolled_back_at, applied_steps_count, logs FROM _prisma_migrations ORDER BY migration_name")).rows;

beforeAll(async () => {
  // deploy creates the database itself; the client connects afterwards.
  const result = await migrateDeploy(databaseUrl, { quiet: true });
  expect(result.createdDatabase).toBe(true);
  expect(result.applied).toEqual(migrations.map((m) => m.name));
  client = new pg.Client(databaseUrl);
  await client.connect();
}, 120_000);

afterAll(async () => {
  await client?.end();
  const admin = new pg.Client(adminUrl.toString());
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  await admin.end();
});

describe("offline migrations", () => {
  it("has an initial migration", () => {
    expect(migrations.length).toBeGreaterThan(0);
    expect(migrations[0]!.name).toMatch(/^\d{14}_init$/);
  });

  it("creates every table schema.prisma maps", async () => {
    const { rows } = await client.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public'");
    const tables = rows.map((r) => r.tablename);
    expect(mappedTables.length).toBeGreaterThan(10);
    expect(tables).toEqual(expect.arrayContaining([...mappedTables, "_prisma_migrations"]));
  });

  it("records each migration as prisma migrate deploy does", async () => {
    const rows = await historyRows();
    expect(rows).toEqual(
      migrations.map((m) => ({
        migration_name: m.name,
        checksum: createHash("sha256").update(readFileSync(path.join(MIGRATIONS_DIR, m.name, "migration.sql"))).digest("hex"),
        finished_at: expect.any(Date),
        rolled_back_at: null,
        applied_steps_count: 1,
        logs: null,
      })),
    );
  });

  it("does nothing when run again", async () => {
    const result = await migrateDeploy(databaseUrl, { quiet: true });
    expect(result).toEqual({ applied: [], createdDatabase: false });
    expect(await historyRows()).toHaveLength(migrations.length);
  });

  it("is a clean history to Prisma's own engine (what migrate status / deploy check)", async () => {
    expect(await diagnoseHistory(databaseUrl)).toEqual({ editedMigrationNames: [], failedMigrationNames: [], hasMigrationsTable: true, history: null });
  }, 120_000); // the WASM schema engine is slow on a busy 2-core machine

  it("leaves the database exactly as schema.prisma describes it", async () => {
    expect(await diffDatabaseToSchema(databaseUrl)).toBe("");
  }, 120_000); // the WASM schema engine is slow on a busy 2-core machine

  it("has no schema.prisma change missing from the migrations", async () => {
    expect(await diffMigrationsToSchema(databaseUrl)).toBe("");
  }, 120_000); // the WASM schema engine is slow on a busy 2-core machine

  it("sets the storage parameters schema.prisma cannot express (search and the webhook claim rely on them)", async () => {
    const { rows } = await client.query<{ relname: string; reloptions: string[] | null }>(
      "SELECT relname, reloptions FROM pg_class WHERE relname = ANY($1) ORDER BY relname",
      [["comments_page_author_name_trgm_idx", "comments_page_text_trgm_idx", "conversations_page_last_message_text_trgm_idx", "customers_page_name_trgm_idx", "messages_page_text_trgm_idx", "webhook_events"]],
    );
    expect(Object.fromEntries(rows.map((r) => [r.relname, r.reloptions]))).toEqual({
      comments_page_author_name_trgm_idx: ["gin_pending_list_limit=256"],
      comments_page_text_trgm_idx: ["gin_pending_list_limit=256"],
      conversations_page_last_message_text_trgm_idx: ["gin_pending_list_limit=256"],
      customers_page_name_trgm_idx: ["gin_pending_list_limit=256"],
      messages_page_text_trgm_idx: ["gin_pending_list_limit=256"],
      webhook_events: ["autovacuum_vacuum_scale_factor=0", "autovacuum_vacuum_threshold=10000"],
    });
  });

  it("refuses to run when an applied migration was edited", async () => {
    const name = migrations[0]!.name;
    const { rows } = await client.query<{ checksum: string }>("SELECT checksum FROM _prisma_migrations WHERE migration_name = $1", [name]);
    await client.query("UPDATE _prisma_migrations SET checksum = $1 WHERE migration_name = $2", ["0".repeat(64), name]);
    try {
      await expect(migrateDeploy(databaseUrl, { quiet: true })).rejects.toThrow(/changed after it was applied/);
    } finally {
      await client.query("UPDATE _prisma_migrations SET checksum = $1 WHERE migration_name = $2", [rows[0]!.checksum, name]);
    }
  });
});
