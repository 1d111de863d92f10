// Applies prisma/migrations/*/migration.sql without Prisma's schema-engine binary (which cannot be
// downloaded on these machines), recording each one in `_prisma_migrations` exactly as
// `prisma migrate deploy` does, so the online and offline tools can take turns on the same database.
// Deliberate difference: each migration runs in one transaction, so a failure leaves no half-applied
// migration and no failed row behind — fix the SQL and run deploy again.
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const DEFAULT_DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/switchboard";
export const MIGRATIONS_DIR = fileURLToPath(new URL("../migrations", import.meta.url));
export const SCHEMA_PATH = fileURLToPath(new URL("../schema.prisma", import.meta.url));

// The key Prisma Migrate locks on; sharing it keeps us and `prisma migrate` from running together.
const PRISMA_ADVISORY_LOCK = 72707369;

export class MigrateError extends Error {
  override name = "MigrateError";
}

export type PgConfig = { host: string; port: number; user: string; password?: string; database: string; ssl?: pg.ConnectionConfig["ssl"] };

/** Separate fields rather than a connectionString: pg lets a connectionString override `database`. */
export function pgConfigFromUrl(databaseUrl: string): PgConfig {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new MigrateError("DATABASE_URL is not a valid URL");
  }
  if (!/^postgres(ql)?:$/.test(url.protocol)) throw new MigrateError(`DATABASE_URL must be postgresql://…, got ${url.protocol}`);
  const schema = url.searchParams.get("schema");
  if (schema && schema !== "public") throw new MigrateError(`only the public schema is supported (DATABASE_URL has schema=${schema})`);
  const sslmode = url.searchParams.get("sslmode");
  const database = decodeURIComponent(url.pathname.slice(1));
  if (!database) throw new MigrateError("DATABASE_URL names no database");
  return {
    host: url.searchParams.get("host") ?? (url.hostname || "127.0.0.1"),
    port: Number(url.port || 5432),
    user: decodeURIComponent(url.username) || "postgres",
    password: url.password ? decodeURIComponent(url.password) : undefined,
    database,
    ssl: sslmode && sslmode !== "disable" ? { rejectUnauthorized: sslmode === "verify-full" } : undefined,
  };
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Creates the database when it does not exist yet (via the `postgres` database). Returns whether it did. */
export async function ensureDatabase(cfg: PgConfig): Promise<boolean> {
  const probe = new pg.Client(cfg);
  try {
    await probe.connect();
    return false;
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === "ECONNREFUSED" || code === "ENOTFOUND") throw new MigrateError(`cannot reach Postgres at ${cfg.host}:${cfg.port} (${code}); is it running?`);
    if (code !== "3D000") throw e; // 3D000: database does not exist
  } finally {
    await probe.end().catch(() => {});
  }
  const admin = new pg.Client({ ...cfg, database: "postgres" });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${quoteIdent(cfg.database)}`);
    return true;
  } catch (e) {
    if ((e as { code?: string }).code === "42P04") return false; // another process created it first
    throw e;
  } finally {
    await admin.end().catch(() => {});
  }
}

export type LocalMigration = { name: string; script: string; checksum: string };

export const checksumOf = (script: string) => createHash("sha256").update(script, "utf8").digest("hex");

/** Prisma accepts a checksum computed with either line ending (git may convert them). */
function matchesChecksum(script: string, checksum: string): boolean {
  return [script, script.replaceAll("\r\n", "\n"), script.replaceAll(/\r?\n/g, "\r\n")].some((s) => checksumOf(s) === checksum);
}

/** The migration folders in Prisma's order (by name, i.e. by timestamp). */
export function readMigrations(dir = MIGRATIONS_DIR): LocalMigration[] {
  if (!existsSync(dir)) return [];
  const lock = path.join(dir, "migration_lock.toml");
  if (existsSync(lock)) {
    const provider = /^\s*provider\s*=\s*"([^"]*)"/m.exec(readFileSync(lock, "utf8"))?.[1];
    if (provider !== "postgresql") throw new MigrateError(`${lock} says provider = "${provider}", expected "postgresql"`);
  }
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const file = path.join(dir, name, "migration.sql");
      if (!existsSync(file)) throw new MigrateError(`${path.join(dir, name)} has no migration.sql`);
      const script = readFileSync(file, "utf8");
      return { name, script, checksum: checksumOf(script) };
    });
}

type MigrationRow = { migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null; started_at: Date; logs: string | null };

// Prisma's own definition (schema-engine, Postgres flavour), so `prisma migrate` reads our rows.
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE _prisma_migrations (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
)`;

export type DeployOptions = {
  migrationsDir?: string;
  /** Receives one line per event; defaults to console.log. */
  log?: (line: string) => void;
  /** No output at all (test setup). */
  quiet?: boolean;
  /** How long to wait for another migrating process to finish. */
  lockTimeoutMs?: number;
};
export type DeployResult = { applied: string[]; createdDatabase: boolean };

export async function migrateDeploy(databaseUrl: string = DEFAULT_DATABASE_URL, opts: DeployOptions = {}): Promise<DeployResult> {
  const log = opts.quiet ? () => {} : (opts.log ?? console.log);
  const cfg = pgConfigFromUrl(databaseUrl);
  const migrations = readMigrations(opts.migrationsDir);
  const createdDatabase = await ensureDatabase(cfg);
  if (createdDatabase) log(`Created database ${cfg.database}`);

  const client = new pg.Client(cfg);
  await client.connect();
  try {
    await lock(client, opts.lockTimeoutMs ?? 60_000);
    await initMigrationsTable(client);
    const rows = (await client.query<MigrationRow>("SELECT migration_name, checksum, finished_at, rolled_back_at, started_at, logs FROM _prisma_migrations ORDER BY started_at")).rows;
    const applied = rows.filter((r) => r.rolled_back_at === null);
    checkHistory(applied, migrations, log);

    const appliedNames = new Set(applied.map((r) => r.migration_name));
    const pending = migrations.filter((m) => !appliedNames.has(m.name));
    for (const m of pending) {
      const started = performance.now();
      await applyOne(client, m);
      log(`Applied ${m.name} (${Math.round(performance.now() - started)} ms)`);
    }
    log(
      pending.length
        ? `${pending.length} migration${pending.length === 1 ? "" : "s"} applied to ${cfg.database}; it is up to date.`
        : `No pending migrations: ${cfg.database} is up to date (${migrations.length} applied).`,
    );
    return { applied: pending.map((m) => m.name), createdDatabase };
  } finally {
    // Ending the session releases the advisory lock too; unlocking first is just tidy.
    await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_ADVISORY_LOCK]).catch(() => {});
    await client.end().catch(() => {});
  }
}

async function lock(client: pg.Client, timeoutMs: number) {
  await client.query(`SET lock_timeout = ${Math.max(1, Math.floor(timeoutMs))}`);
  try {
    await client.query("SELECT pg_advisory_lock($1)", [PRISMA_ADVISORY_LOCK]);
  } catch (e) {
    if ((e as { code?: string }).code === "55P03")
      throw new MigrateError(`another process has been migrating this database for ${timeoutMs / 1000} s (advisory lock ${PRISMA_ADVISORY_LOCK}); try again when it is done`);
    throw e;
  }
  await client.query("RESET lock_timeout"); // the migrations themselves may wait on table locks
}

async function initMigrationsTable(client: pg.Client) {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p') AND n.nspname = current_schema()`,
  );
  const names = rows.map((r) => r.name);
  if (names.includes("_prisma_migrations")) return;
  // Same refusal as Prisma's P3005: tables without a history were not made by these migrations.
  const others = names.filter((n) => n !== "spatial_ref_sys");
  if (others.length)
    throw new MigrateError(
      `the database is not empty (${others.slice(0, 5).join(", ")}${others.length > 5 ? ", …" : ""}) and has no _prisma_migrations table. ` +
        "Baseline it first (https://pris.ly/d/migrate-baseline) or migrate an empty database.",
    );
  await client.query(CREATE_MIGRATIONS_TABLE);
}

function checkHistory(applied: MigrationRow[], migrations: LocalMigration[], log: (line: string) => void) {
  const failed = applied.filter((r) => r.finished_at === null);
  if (failed.length)
    throw new MigrateError(
      failed.map((r) => `migration ${r.migration_name} started at ${r.started_at.toISOString()} failed${r.logs?.trim() ? `:\n${r.logs.trim()}` : ""}`).join("\n") +
        "\nRepair the database by hand, then mark it rolled back (`npx prisma migrate resolve --rolled-back <name>`, or offline: " +
        "UPDATE _prisma_migrations SET rolled_back_at = now() WHERE migration_name = '<name>' AND finished_at IS NULL) and deploy again.",
    );
  const local = new Map(migrations.map((m) => [m.name, m]));
  const edited = applied.filter((r) => local.has(r.migration_name) && !matchesChecksum(local.get(r.migration_name)!.script, r.checksum));
  if (edited.length)
    throw new MigrateError(
      `migration.sql of ${edited.map((r) => r.migration_name).join(", ")} changed after it was applied (checksum differs). ` +
        "Restore the applied file from git and put the change in a new migration (npm run db:diff -- --name <what_changed>).",
    );
  const missing = applied.filter((r) => !local.has(r.migration_name)).map((r) => r.migration_name);
  if (missing.length) log(`Warning: applied in the database but not in prisma/migrations: ${missing.join(", ")}`);
}

async function applyOne(client: pg.Client, m: LocalMigration) {
  await client.query("BEGIN");
  try {
    const id = randomUUID();
    // The same row shape Prisma writes: started, one step for the whole script, then finished.
    await client.query("INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, clock_timestamp())", [id, m.checksum, m.name]);
    await client.query(m.script); // no parameters: the simple protocol runs every statement in the file
    await client.query("UPDATE _prisma_migrations SET applied_steps_count = applied_steps_count + 1, finished_at = clock_timestamp() WHERE id = $1", [id]);
    await client.query("COMMIT");
  } catch (e) {
    await client.query("ROLLBACK").catch(() => {});
    throw new MigrateError(`migration ${m.name} failed and was rolled back (nothing of it was applied):\n${describePgError(e, m.script)}`);
  }
}

function describePgError(e: unknown, script: string): string {
  const err = e as { message?: string; code?: string; position?: string; detail?: string };
  const line = err.position ? `, migration.sql line ${script.slice(0, Number(err.position)).split("\n").length}` : "";
  return `${err.message ?? String(e)}${err.code ? ` (SQLSTATE ${err.code}${line})` : ""}${err.detail ? `\n${err.detail}` : ""}`;
}
