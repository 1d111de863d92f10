import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { affected, firstRow, inTransaction, prepared, rows, sqlDb } from "@/server/db/sql/run";
import { sql } from "kysely";

// The one typed way to write SQL beside Prisma (server/db/sql/run.ts): Kysely statements on the same pg
// pool, named ones prepared once per connection (as the plain-pg statements were), transactions that
// commit or roll back as a whole.

describe("the SQL layer", () => {
  it("reads rows typed by the schema's tables, with Kysely numbering the values", async () => {
    const company = await db.company.create({ data: { name: "Acme" } });
    await db.company.create({ data: { name: "Other" } });
    const query = sqlDb().selectFrom("companies as c").select(["c.id", "c.name", "c.created_at as createdAt"]).where("c.name", "=", "Acme");
    expect(query.compile().sql).toContain("$1");
    const found = await rows(query);
    expect(found).toEqual([{ id: company.id, name: "Acme", createdAt: company.createdAt }]);
    const raw = await firstRow(sql<{ n: number }>`SELECT count(*)::int AS n FROM companies WHERE name = ANY(${["Acme", "Other", "None"]}::text[])`);
    expect(raw).toEqual({ n: 2 });
    expect(await firstRow(sqlDb().selectFrom("companies").select("id").where("name", "=", "None"))).toBeNull();
  });

  it("prepares a named statement once on its connection and reuses it", async () => {
    await db.company.create({ data: { name: "Acme" } });
    const preparedCount = await inTransaction(async (client) => {
      const query = (name: string) => sqlDb().selectFrom("companies").select("name").where("name", "=", name);
      expect(await rows(prepared("sql-layer-test", query("Acme")), { on: client })).toEqual([{ name: "Acme" }]);
      expect(await rows(prepared("sql-layer-test", query("Nobody")), { on: client })).toEqual([]);
      const { rows: statements } = await client.query<{ name: string }>("SELECT name FROM pg_prepared_statements WHERE name = 'sql-layer-test'");
      return statements.length;
    });
    expect(preparedCount).toBe(1);
  });

  it("commits a transaction's writes together, or none of them when it throws", async () => {
    const insert = (name: string) => sqlDb().insertInto("companies").values({ id: crypto.randomUUID(), name, updated_at: new Date() });
    await inTransaction(async (client) => {
      await affected(insert("One"), { on: client });
      await affected(insert("Two"), { on: client });
    });
    await expect(
      inTransaction(async (client) => {
        await affected(insert("Three"), { on: client });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const names = (await rows(sqlDb().selectFrom("companies").select("name").orderBy("name"))).map((r) => r.name);
    expect(names).toEqual(["One", "Two"]);
    expect(await affected(sqlDb().updateTable("companies").set({ updated_at: new Date() }))).toBe(2);
  });
});
