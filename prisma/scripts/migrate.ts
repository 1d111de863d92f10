// Offline stand-in for `prisma migrate deploy` / `migrate dev --create-only` (see docs/DATABASE.md).
//   tsx prisma/scripts/migrate.ts deploy               apply pending migrations to DATABASE_URL
//   tsx prisma/scripts/migrate.ts diff --name <name>   write the SQL for schema.prisma changes
//   tsx prisma/scripts/migrate.ts diff --check         exit 1 when migrations and schema.prisma differ
import path from "node:path";
import { parseArgs } from "node:util";
import { createMigration, diffMigrationsToSchema } from "./migrate-diff";
import { DEFAULT_DATABASE_URL, migrateDeploy } from "./migrate-lib";

const USAGE = "usage: migrate.ts deploy | diff --name <what_changed> | diff --check";

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: { name: { type: "string" }, check: { type: "boolean" } } });
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const [command, ...rest] = positionals;
  if (rest.length) throw new Error(`unexpected arguments: ${rest.join(" ")}\n${USAGE}`);

  if (command === "deploy") {
    await migrateDeploy(databaseUrl);
    return 0;
  }
  if (command === "diff" && values.check) {
    const sql = await diffMigrationsToSchema(databaseUrl);
    if (!sql) {
      console.log("prisma/migrations matches prisma/schema.prisma.");
      return 0;
    }
    console.error("prisma/schema.prisma has changes that no migration contains. The missing SQL:\n");
    console.error(sql);
    console.error("Create the migration with: npm run db:diff -- --name <what_changed>");
    return 1;
  }
  if (command === "diff" && values.name !== undefined) {
    const created = await createMigration(databaseUrl, values.name);
    if (!created) {
      console.log("No difference between prisma/migrations and prisma/schema.prisma; nothing written.");
      return 0;
    }
    console.log(`Wrote ${path.relative(process.cwd(), path.join(created.dir, "migration.sql"))} — review it, then commit it with schema.prisma.`);
    return 0;
  }
  throw new Error(USAGE);
}

// Explicit exit: the WebAssembly engine and pg pools should not decide when the process ends.
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`Error: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
