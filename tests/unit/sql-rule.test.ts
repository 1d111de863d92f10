import { describe, expect, it } from "vitest";
import { ESLint } from "eslint";

// The SQL rule of eslint.config.mjs (docs/ARCHITECTURE.md, "SQL beside Prisma"): a new $queryRaw, plain pg
// query, Prisma.sql fragment or hand-numbered $1 outside the SQL layer fails `npm test` (its lint step).

const eslint = new ESLint({ cwd: process.cwd() });
const problems = async (filePath: string, code: string) => (await eslint.lintText(code, { filePath }))[0]!.messages.map((m) => m.ruleId);

describe("the SQL rule", () => {
  const offending = [
    'import { db } from "@/server/db";\nexport const a = () => db.$queryRaw`SELECT 1`;',
    'import { db } from "@/server/db";\nexport const a = () => db.$executeRawUnsafe("DELETE FROM t");',
    'import { Prisma } from "@/server/generated/prisma/client";\nexport const a = Prisma.sql`x`;',
    "export const a = (n: number) => `SELECT * FROM t WHERE id = $${n}`;",
    'export const a = "UPDATE t SET x = $1 WHERE id = $2";',
    "export const a = `DELETE FROM t WHERE id = $1`;",
    'import pg from "pg";\nexport const a = pg;',
    'import { directPool } from "@/server/db/direct";\nexport const a = directPool;',
    'import { sql } from "kysely";\nexport const a = sql`SELECT 1`;',
  ];

  // Linting is slow on a busy machine (the first call loads the config), never a timed assertion.
  it("refuses raw SQL in a service, a worker or a route", { timeout: 60_000 }, async () => {
    for (const code of offending) expect((await problems("server/services/x/y.ts", code)).length, code).toBeGreaterThan(0);
    expect(await problems("workers/x.ts", offending[0]!)).toContain("no-restricted-syntax");
    expect(await problems("app/api/x/route.ts", offending[6]!)).toContain("@typescript-eslint/no-restricted-imports");
  });

  it("lets the SQL layer hold SQL text, and the builder be used anywhere", { timeout: 60_000 }, async () => {
    expect(await problems("server/db/sql/x.ts", 'import { sql } from "kysely";\nexport const a = (id: string) => sql`SELECT 1 FROM t WHERE id = ${id}`;')).toEqual([]);
    expect(await problems("server/access/x.ts", 'import { sql } from "kysely";\nexport const a = sql`true`;')).toEqual([]);
    const builder = 'import { rows, sqlDb } from "@/server/db/sql/run";\nexport const a = (id: string) => rows(sqlDb().selectFrom("pages").select("name").where("id", "=", id));';
    expect(await problems("server/services/x/y.ts", builder)).toEqual([]);
    expect(await problems("server/http/route-patterns.ts", "export const a = (s: string) => new RegExp(`^${s}/?$`);")).toEqual([]);
  });
});
