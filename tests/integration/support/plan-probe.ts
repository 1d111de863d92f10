import { createRequire } from "node:module";
import pg from "pg";

// What each statement the app sends costs Postgres, read from its plans (docs/PERFORMANCE.md, "Plans
// without statistics"). `captureStatements` records every statement any pg client of this process sends
// (the SQL layer's pools and Prisma's adapter alike) while it runs; `explainAll` runs each again under
// EXPLAIN (ANALYZE, BUFFERS) in a transaction it rolls back, once as planned for its values and, when it was
// prepared (named), once with the generic plan Postgres may switch to after five runs, and counts the rows each plan
// reads from every table. A statement whose work follows the table instead of its own rows shows as
// thousands of rows read (or removed by a filter) for a handful returned.

const { prepareValue } = createRequire(import.meta.url)("pg/lib/utils.js") as { prepareValue: (value: unknown) => string | Buffer | null };

/** `prepared`: sent as a named statement, whose plan Postgres may make generic after five runs. */
export type Captured = { text: string; values: unknown[]; prepared: boolean };

/** Records what pg clients send while `work` runs, except `ignore`'s own statements. */
export async function captureStatements(work: () => Promise<void>, ignore: pg.Client): Promise<Captured[]> {
  const sent: Captured[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (this !== ignore) {
      const config = args[0] as string | { text?: string; values?: unknown[]; name?: string };
      if (typeof config === "string") sent.push({ text: config, values: Array.isArray(args[1]) ? (args[1] as unknown[]) : [], prepared: false });
      else if (config?.text) sent.push({ text: config.text, values: config.values ?? (Array.isArray(args[1]) ? (args[1] as unknown[]) : []), prepared: Boolean(config.name) });
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = original;
  }
  return sent;
}

const PLANNABLE = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i;

/**
 * The plannable statements inside what was sent: a multi-statement text (the ingest's claim shares BEGIN's
 * round trip and is PREPAREd by SQL; its mark shares COMMIT's) is split at the statement keywords it uses.
 */
export function plannable(captured: Captured[]): Captured[] {
  const seen = new Set<string>();
  const out: Captured[] = [];
  for (const { text, values, prepared } of captured) {
    const parts = values.length ? [text] : text.split(/;\s*(?=(?:BEGIN|COMMIT|SET|PREPARE|EXECUTE|UPDATE|SELECT|INSERT|DELETE|WITH)\b)/);
    for (let part of parts) {
      const body = /^\s*PREPARE\s+\w+\s+AS\s+([\s\S]*)$/i.exec(part);
      if (body) part = body[1]!;
      part = part.replace(/;\s*$/, "");
      if (!PLANNABLE.test(part) || /\bpg_(catalog|class|tables|statistic)\b|_prisma_migrations/.test(part)) continue;
      if (seen.has(part)) continue;
      seen.add(part);
      // An SQL-level PREPARE is prepared too (the claim: generic from its first run, as it has no parameters).
      out.push({ text: part, values, prepared: prepared || Boolean(body) });
    }
  }
  return out;
}

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };
export type PlanCost = {
  /** Rows each table's scans produced or threw away (filter, recheck), over all their loops. */
  rowsByTable: Record<string, number>;
  /** Rows joins threw away after reading them (a join filter instead of an index condition). */
  joinFilterRemoved: number;
  /** The plan, one line per node, for a failure's message. */
  outline: string[];
};

function cost(root: PlanNode): PlanCost {
  const result: PlanCost = { rowsByTable: {}, joinFilterRemoved: 0, outline: [] };
  const num = (node: PlanNode, key: string) => Number(node[key] ?? 0);
  const walk = (node: PlanNode, depth: number) => {
    const loops = num(node, "Actual Loops") || 1;
    const table = node["Relation Name"] as string | undefined;
    const removed = num(node, "Rows Removed by Filter") + num(node, "Rows Removed by Index Recheck");
    if (table) result.rowsByTable[table] = (result.rowsByTable[table] ?? 0) + (num(node, "Actual Rows") + removed) * loops;
    result.joinFilterRemoved += num(node, "Rows Removed by Join Filter") * loops;
    const on = table ? ` on ${table}` : "";
    const index = node["Index Name"] ? ` using ${String(node["Index Name"])}` : "";
    result.outline.push(`${"  ".repeat(depth)}${String(node["Node Type"])}${on}${index} rows=${num(node, "Actual Rows")} loops=${loops}${removed ? ` removed=${removed}` : ""}`);
    for (const child of node.Plans ?? []) walk(child, depth + 1);
  };
  walk(root, 0);
  return result;
}

function literal(client: pg.Client, value: unknown): string {
  const prepared = prepareValue(value);
  if (prepared === null) return "NULL";
  if (Buffer.isBuffer(prepared)) return `'\\x${prepared.toString("hex")}'`;
  return client.escapeLiteral(prepared);
}

export type Explained = { statement: Captured; plan: "custom" | "generic"; cost: PlanCost } | { statement: Captured; plan: "custom" | "generic"; error: string };

/**
 * Each statement's custom and (with parameters) generic plan, executed and rolled back. `before` runs first
 * in each statement's transaction: what a statement needs to find to do its work again (the ingest's claim
 * reads pending deliveries, which were processed by the time it is explained).
 */
export async function explainAll(client: pg.Client, statements: Captured[], before: (client: pg.Client) => Promise<unknown> = async () => {}): Promise<Explained[]> {
  const out: Explained[] = [];
  let n = 0;
  for (const statement of statements) {
    for (const plan of statement.prepared && statement.values.length ? (["custom", "generic"] as const) : (["custom"] as const)) {
      const name = `plan_probe_${n++}`;
      try {
        await client.query("BEGIN");
        await before(client);
        let result: pg.QueryResult<{ "QUERY PLAN": [{ Plan: PlanNode }] }>;
        if (plan === "custom") {
          result = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.text}`, statement.values);
        } else {
          await client.query("SET LOCAL plan_cache_mode = force_generic_plan");
          await client.query(`PREPARE ${name} AS ${statement.text}`);
          result = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) EXECUTE ${name}(${statement.values.map((v) => literal(client, v)).join(", ")})`);
        }
        out.push({ statement, plan, cost: cost(result.rows[0]!["QUERY PLAN"][0].Plan) });
      } catch (error) {
        out.push({ statement, plan, error: (error as Error).message });
      } finally {
        await client.query("ROLLBACK");
        if (plan === "generic") await client.query(`DEALLOCATE ${name}`).catch(() => {});
      }
    }
  }
  return out;
}

/**
 * Drops every planner statistic of the public tables, as on a database restored or created and never
 * ANALYZEd (Postgres here runs with autovacuum off; GUIDE §5): the planner then knows only each table's
 * size. Needs a superuser, as the test database's role is.
 */
export async function forgetStatistics(client: pg.Client): Promise<void> {
  await client.query(`DELETE FROM pg_statistic WHERE starelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace)`);
  await client.query(`UPDATE pg_class SET reltuples = -1, relpages = 0 WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'i')`);
}
