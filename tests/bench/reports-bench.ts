// Reports at a year's scale (issue 32 point 4): the rollup a year of traffic leaves — COMPANIES companies,
// CONVERSATIONS conversations in all, each with its events (opened, ~3 replies, a first response, most
// marked done, some closed unanswered) spread over 365 days — then the Reports API's statement for
// 30 days and for a year, and the dashboard's headline, timed through the services a request calls.
// Reports never read messages, so its own world has none; REPORTS_BENCH_ON=dataset runs it on the benchmark
// dataset instead, messages and all (with BENCH_DATASET_SCALE=10: 50 companies, ~1 M conversations, ~10 M messages).
//
//   npx tsx tests/bench/reports-bench.ts                 (REPORTS_BENCH_SCALE=1: 1 M conversations, ~6 M rows)
//   BENCH_DATASET_SCALE=10 REPORTS_BENCH_ON=dataset npx tsx tests/bench/reports-bench.ts
//   REPORTS_BENCH_SCALE=0.1 npx tsx tests/bench/reports-bench.ts   (a tenth, for a busy machine)
//   or from tests/bench/run.ts as the opt-in bench "reports" (--only=reports)
//
// Own database (recreated): REPORTS_BENCH_DATABASE_URL, default switchboard_bench_reports.
import { BENCH } from "./lib/config";
import { ensureDataset } from "./lib/dataset";
import { pathToFileURL } from "node:url";
import pg from "pg";
import type { Bench } from "./lib/context";
import { writeResult } from "./lib/results";
import { now, summarize } from "../support/stats";
import { recreateDatabase } from "../support/database";
import { migrateDeploy } from "../../prisma/scripts/migrate-lib";

const databaseUrl = process.env.REPORTS_BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/switchboard_bench_reports";
const SCALE = Number(process.env.REPORTS_BENCH_SCALE ?? "1");
const COMPANIES = 50;
const CONVERSATIONS = Math.round(1_000_000 * SCALE);
const ITERATIONS = 30;
/** Monday to Friday, 09:00–17:00. */
const BUSINESS_HOURS = '{"1":[[540,1020]],"2":[[540,1020]],"3":[[540,1020]],"4":[[540,1020]],"5":[[540,1020]]}';

type Log = (line: string) => void;

async function fillWorld(client: pg.Client, log: Log) {
  const started = now();
  await client.query("SET session_replication_role = replica"); // a fresh load: no trigger, no FK check per row
  await client.query(`INSERT INTO companies (id, name, timezone, business_hours, updated_at)
    SELECT gen_random_uuid(), 'Bench ' || i, 'Europe/Berlin', '${BUSINESS_HOURS}', now()
      FROM generate_series(1, ${COMPANIES}) i`);
  await client.query(`INSERT INTO pages (id, company_id, facebook_page_id, name, access_token_enc, updated_at)
    SELECT gen_random_uuid(), c.id, (800000000000000 + row_number() OVER ())::text || p, c.name || ' page ' || p, 'x', now()
      FROM companies c CROSS JOIN generate_series(1, 2) p`);
  await client.query(`INSERT INTO users (id, company_id, name, email, role, updated_at)
    SELECT gen_random_uuid(), c.id, 'Agent ' || a, md5(c.id::text) || a || '@bench.test', 'staff', now() FROM companies c CROSS JOIN generate_series(1, 5) a`);
  log(`companies, pages, agents in ${Math.round(now() - started)} ms`);
  // Conversations spread evenly over the pages; customers alongside (conversations.customer_id is unique).
  await client.query(`CREATE TEMP TABLE bench_pages AS SELECT id, company_id, row_number() OVER (ORDER BY id) - 1 AS n FROM pages`);
  await client.query(`INSERT INTO customers (id, page_id, psid, name)
    SELECT gen_random_uuid(), p.id, (7000000000000000 + i)::text, 'Customer ' || i
      FROM generate_series(1, ${CONVERSATIONS}) i JOIN bench_pages p ON p.n = i % ${COMPANIES * 2}`);
  await client.query(`INSERT INTO conversations (id, page_id, customer_id, last_message_at, status, waiting_since, episode_at, updated_at)
    SELECT gen_random_uuid(), cu.page_id, cu.id, now() - (random() * interval '365 days'),
           (ARRAY['open','done','done','done','snoozed']::"ConversationStatus"[])[1 + floor(random() * 5)::int],
           CASE WHEN random() < 0.05 THEN now() - random() * interval '2 days' END, now() - interval '1 day', now()
      FROM customers cu`);
  log(`${CONVERSATIONS} conversations in ${Math.round(now() - started)} ms`);
  await client.query("RESET session_replication_role");
}

/** The rollup a year leaves, for every conversation of the database, spread over the last 365 days. */
async function fillRollup(client: pg.Client, conversations: number, log: Log) {
  const started = now();
  await client.query("SET session_replication_role = replica");
  // The rollup: per conversation an opened row, a first response, 3 replies, 80 % done, 10 % unanswered.
  await client.query(`INSERT INTO response_events (company_id, page_id, conversation_id, agent_id, kind, started_at, at, seconds, wall_seconds)
    SELECT p.company_id, c.page_id, c.id, a.id, k.kind, t.at + make_interval(hours => k.step) - make_interval(secs => s.secs),
           t.at + make_interval(hours => k.step), s.secs, s.secs * 2
      FROM conversations c
      JOIN pages p ON p.id = c.page_id
      -- Each lateral names a column of the row it belongs to: an uncorrelated one is evaluated once for the
      -- whole statement, which put every row of an earlier version of this bench at the same instant.
      CROSS JOIN LATERAL (SELECT now() - random() * interval '365 days' AS at, c.id AS of) t
      CROSS JOIN LATERAL (SELECT id FROM users u WHERE u.company_id = p.company_id ORDER BY md5(u.id::text || c.id::text) LIMIT 1) a
      CROSS JOIN LATERAL (VALUES ('opened', 0), ('first_response', 1), ('reply', 2), ('reply', 3), ('reply', 4), ('done', 5), ('unanswered', 6)) k(kind, step)
      CROSS JOIN LATERAL (SELECT floor(random() * 7200)::int AS secs, k.step AS of) s
     WHERE (k.kind <> 'done' OR random() < 0.8) AND (k.kind <> 'unanswered' OR random() < 0.1)`);
  await client.query("RESET session_replication_role");
  await client.query("VACUUM ANALYZE response_events");
  await client.query("ANALYZE conversations");
  // The figures mean something only if the rows are spread over the year: the headline's 8 days must hold some.
  const recent = await client.query<{ n: string }>("SELECT count(*) AS n FROM response_events WHERE kind = 'first_response' AND at > now() - interval '8 days'");
  if (Number(recent.rows[0]!.n) < conversations / 365) throw new Error(`the fill put only ${recent.rows[0]!.n} first responses in the last 8 days`);
  const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM response_events");
  log(`${rows[0]!.n} rollup rows in ${Math.round(now() - started)} ms`);
  return Number(rows[0]!.n);
}

/**
 * REPORTS_BENCH_ON=dataset: on the benchmark dataset instead of a world of its own (with BENCH_DATASET_SCALE=10:
 * 50 companies, ~1 M conversations and ~10 M messages), its rollup replaced by a year's worth for each of
 * its conversations and its companies given business hours.
 */
async function prepareDataset(log: Log): Promise<{ url: string; conversations: number; keptRows: number }> {
  const info = await ensureDataset({ log });
  const client = new pg.Client({ connectionString: BENCH.databaseUrl });
  await client.connect();
  try {
    // REPORTS_BENCH_KEEP_ROLLUP=1 times the rollup an earlier run filled (its fill takes minutes at this scale).
    const kept = Number((await client.query<{ n: string }>("SELECT count(*) AS n FROM response_events")).rows[0]!.n);
    if (process.env.REPORTS_BENCH_KEEP_ROLLUP === "1" && kept > 0) {
      log(`keeping the ${kept} rollup rows of an earlier run`);
      return { url: BENCH.databaseUrl, conversations: info.totals.conversations, keptRows: kept };
    }
    await client.query(`UPDATE companies SET timezone = 'Europe/Berlin', business_hours = '${BUSINESS_HOURS}'`);
    await client.query("TRUNCATE response_events");
  } finally {
    await client.end();
  }
  return { url: BENCH.databaseUrl, conversations: info.totals.conversations, keptRows: 0 };
}

export async function runReportsBench(log: Log = (l) => process.stderr.write(`${l}\n`)) {
  const onDataset = process.env.REPORTS_BENCH_ON === "dataset";
  let url = databaseUrl;
  let conversations = CONVERSATIONS;
  let keptRows = 0;
  if (onDataset) {
    ({ url, conversations, keptRows } = await prepareDataset(log));
  } else {
    await recreateDatabase(databaseUrl);
    await migrateDeploy(databaseUrl, { log: () => {} });
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  if (!onDataset) await fillWorld(client, log);
  const rollupRows = keptRows || (await fillRollup(client, conversations, log));
  const companies = Number((await client.query<{ n: string }>("SELECT count(*) AS n FROM companies")).rows[0]!.n);
  const messages = Number((await client.query<{ n: string }>("SELECT count(*) AS n FROM messages")).rows[0]!.n);
  await client.end();

  // The services read their pool from DATABASE_URL: point it at this database before loading them.
  process.env.DATABASE_URL = url;
  const { db } = await import("@/server/db");
  const { responseReport } = await import("@/server/services/reports/response-report");
  const { responseHeadline } = await import("@/server/services/reports/response-headline");
  const admins = await db.user.findMany({ take: 5, distinct: ["companyId"], select: { id: true, name: true, email: true, companyId: true } });
  const actors = admins.map((u) => ({ ...u, role: "company_admin" as const }));
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const time = async (run: (i: number) => Promise<unknown>) => {
    for (let i = 0; i < 3; i++) await run(i);
    const samples: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const t = now();
      await run(i);
      samples.push(now() - t);
    }
    return summarize(samples);
  };
  const query = (from: string) => ({ from, to: day(0), format: "json" as const, pageId: undefined, agentId: undefined, label: undefined });
  const figures = {
    on: onDataset ? "the benchmark dataset" : "its own world (no messages)",
    companies,
    conversations,
    messages,
    rollupRows,
    rollupRowsPerCompany: Math.round(rollupRows / companies),
    report30DaysMs: await time((i) => responseReport(actors[i % actors.length]!, query(day(-29)))),
    reportYearMs: await time((i) => responseReport(actors[i % actors.length]!, query(day(-365)))),
    headlineMs: await time((i) => responseHeadline(actors[i % actors.length]!, undefined)),
    targets: { report30DaysP95Ms: 200, reportYearP95Ms: 1000, headlineP95Ms: 50 },
  };
  await db.$disconnect();
  return figures;
}

export const reportsBench: Bench = {
  name: "reports",
  optIn: true,
  async run(ctx) {
    return runReportsBench(ctx.log);
  },
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const figures = await runReportsBench();
  writeResult("reports", figures);
  process.stdout.write(`${JSON.stringify(figures)}\n`);
  process.exit(0);
}
