import { randomUUID } from "node:crypto";
import pg from "pg";
import { BENCH } from "./config";
import { recreateDatabase } from "../../support/database";
import { migrateDeploy } from "../../../prisma/scripts/migrate-lib";
import { encryptSecret } from "@/server/security/secret-box";

// The benchmark dataset, generated in SQL (INSERT … SELECT generate_series): one company, page A with
// 100 000 conversations and 1 000 000 messages (skewed: a few threads run to thousands of messages), and
// a smaller page B for realism (the webhook benchmarks write there and clean up after themselves).
// Everything is derived from hashes of the row number, so two generations give the same shape.
// The database comment records what was generated; a later run reuses it when the counts still match.

export const DATASET_VERSION = 5; // 5: messages carry their page (page_id, the search index's first column)

export const PAGE_A = { facebookPageId: "900000000000001", name: "Bench Shoes", token: "BENCH_PAGE_TOKEN_shoes_0001", conversations: 100_000, messages: 1_000_000, psidBase: 7_000_000_000_000_000n };
export const PAGE_B = { facebookPageId: "900000000000002", name: "Bench Outlet", token: "BENCH_PAGE_TOKEN_outlet_002", conversations: 5_000, messages: 50_000, psidBase: 7_100_000_000_000_000n };
/** PSIDs the webhook benchmarks write as on page B (registered in the simulator for profile lookups). */
export const WEBHOOK_CUSTOMERS = 400;
const WEBHOOK_PSID_BASE = 7_200_000_000_000_000n;
export const webhookPsid = (index: number) => (WEBHOOK_PSID_BASE + BigInt(index)).toString();
/**
 * At BENCH_DATASET_SCALE=10, the other companies: one page each, sized so that all pages together hold
 * ~1 M conversations and ~10 M messages (the measured page A keeps its 100 000 / 1 M). Their PSIDs start at
 * 7.5e15, clear of every range a bench deletes afterwards (webhook 7.2e15, load 7.3e15: lib/load-world.ts).
 */
export const OTHER_COMPANIES = { count: 49, conversations: 18_368, messages: 183_674, psidBase: 7_500_000_000_000_000n };
export const STAFF_EMAIL = "staff@bench.switchboard.test";
/** A word that occurs in exactly one message of page A: the worst case for search. */
export const RARE_WORD = "zebracorn";

export const LABELS = [
  { name: "lead", color: "blue", share: 0.1 },
  { name: "followup", color: "orange", share: 0.05 },
  { name: "vip", color: "purple", share: 0.02 },
  { name: "refund", color: "red", share: 0.01 },
  { name: "wholesale", color: "green", share: 0.005 },
] as const;

const WORDS = (
  "hello hi thanks please order delivery shipping price size colour color refund return exchange invoice payment card " +
  "cash tomorrow today when where how much available stock black white red blue green shoes boots sandals sneakers " +
  "leather running kids women men discount offer coupon code tracking number parcel courier address street city late " +
  "wrong damaged box receipt photo picture great perfect okay sure yes no maybe wait minute question answer help support " +
  "store open close hours weekend monday friday sale new collection model brand original fake quality warranty"
).split(" ");
const FIRST = "Ana Bruno Carla Diego Elena Fabio Gina Hugo Ines Joao Karin Luis Marta Nuno Olga Pedro Rita Sara Tiago Vera Yara Zeno Alice Bernardo Clara Duarte Eva Filipe Gloria Henrique Iris Jorge Lara Mateus Nadia Oscar Paula Rui Sofia Tomas".split(" ");
const LAST = "Lima Silva Santos Costa Pereira Ferreira Rodrigues Almeida Nunes Gomes Martins Lopes Sousa Fernandes Goncalves Ribeiro Carvalho Teixeira Moreira Correia Mendes Pinto Cardoso Rocha Neves Coelho Cruz Cunha Pires Ramos Reis Simoes Antunes Matos Fonseca Morais Vieira Barbosa Tavares Azevedo".split(" ");

type Client = pg.Client;

/**
 * SQL for a uniform number in [0, 1) from a row number and a salt (Postgres's own 64-bit hash). Each page
 * hashes with its own seed, so the pages do not mirror each other.
 */
function hashers(seed: number) {
  const h = (expr: string, salt: number) => `((hashint8extended((${expr})::bigint, ${seed * 1000 + salt}) & 4503599627370495)::float8 / 4503599627370496.0)`;
  const pick = (arr: string, expr: string, salt: number) => `(${arr})[1 + floor(${h(expr, salt)} * cardinality(${arr}))::int]`;
  const textSql = (m: string) => {
    const w = (salt: number) => pick("$1::text[]", m, salt);
    return `CASE WHEN ${h(m, 5)} < 0.03 THEN NULL ELSE
      ${w(11)} || ' ' || ${w(12)} || ' ' || ${w(13)}
      || CASE WHEN ${h(m, 14)} < 0.7 THEN ' ' || ${w(15)} || ' ' || ${w(16)} ELSE '' END
      || CASE WHEN ${h(m, 17)} < 0.3 THEN ' ' || ${w(18)} || ' ' || ${w(19)} || ' ' || ${w(20)} ELSE '' END END`;
  };
  const isImageSql = (m: string) => `(${h(m, 5)} < 0.03)`;
  return { h, pick, textSql, isImageSql };
}

export type DatasetInfo = {
  version: number;
  /** BENCH_DATASET_SCALE it was generated for (absent before scale 10 existed: 1). */
  scale?: number;
  companies?: number;
  generatedAt: string;
  generationSeconds: number;
  companyId: string;
  staffUserId: string;
  pageA: { id: string; facebookPageId: string; conversations: number; messages: number; longestConversationId: string; longestConversationMessages: number; typicalConversationId: string; typicalConversationMessages: number };
  pageB: { id: string; facebookPageId: string; conversations: number; messages: number };
  totals: { conversations: number; messages: number; customers: number; customerTags: number };
  skew: { top1PercentShare: number; medianMessages: number; maxMessages: number };
};

async function connect(): Promise<Client> {
  const client = new pg.Client({ connectionString: BENCH.databaseUrl });
  await client.connect();
  return client;
}

/** The dataset's description when it can be reused, else why not (the run logs it before regenerating). */
async function readInfo(): Promise<DatasetInfo | string> {
  let client: Client;
  try {
    client = await connect();
  } catch (error) {
    if ((error as { code?: string }).code === "3D000") return "no database yet";
    throw error;
  }
  try {
    const { rows } = await client.query<{ comment: string | null }>("SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = current_database()");
    const info = rows[0]?.comment ? (JSON.parse(rows[0].comment) as DatasetInfo) : null;
    if (!info) return "no description on the database";
    if (info.version !== DATASET_VERSION || (info.scale ?? 1) !== BENCH.datasetScale) return `generated as version ${info.version} at scale ${info.scale ?? 1}`;
    const counts = await client.query<{ conversations: string; messages: string }>(
      "SELECT (SELECT count(*) FROM conversations) AS conversations, (SELECT count(*) FROM messages) AS messages",
    );
    const c = counts.rows[0]!;
    if (Number(c.conversations) !== info.totals.conversations || Number(c.messages) !== info.totals.messages) {
      return `${c.conversations} conversations and ${c.messages} messages, not the ${info.totals.conversations} and ${info.totals.messages} generated`;
    }
    return info;
  } catch (error) {
    return `unreadable: ${(error as Error).message}`; // tables missing or an unreadable comment: regenerate
  } finally {
    await client.end();
  }
}

/** Reuses the dataset when it is there with the right counts; otherwise (or with fresh) regenerates it. */
export async function ensureDataset(options: { fresh?: boolean; log?: (line: string) => void } = {}): Promise<DatasetInfo & { reused: boolean }> {
  const log = options.log ?? (() => {});
  if (!options.fresh) {
    await cleanupWebhookData().catch(() => 0); // a run that died midway left its webhook rows behind
    const existing = await readInfo();
    if (typeof existing === "string") log(`dataset: not reusable (${existing})`);
    else {
      // Migrations added since the generation are applied on top; the page tokens are re-sealed with
      // the current key so the app can decrypt them.
      await migrateDeploy(BENCH.databaseUrl, { log: () => {} });
      await resealTokens();
      log(`dataset: reusing ${existing.totals.conversations} conversations / ${existing.totals.messages} messages`);
      return { ...existing, reused: true };
    }
  }
  log("dataset: generating (drop, migrate, INSERT … SELECT generate_series)…");
  const info = await generate(log);
  return { ...info, reused: false };
}

/**
 * Removes what the webhook benchmarks wrote (their customers, with conversations and messages by cascade,
 * and the stored deliveries), so the dataset keeps its counts between runs.
 */
export async function cleanupWebhookData(): Promise<number> {
  const client = await connect();
  try {
    const { rowCount } = await client.query(
      "DELETE FROM customers WHERE psid >= $1 AND psid < $2 AND page_id IN (SELECT id FROM pages WHERE facebook_page_id = $3)",
      [webhookPsid(0), (WEBHOOK_PSID_BASE + 100_000_000_000_000n).toString(), PAGE_B.facebookPageId],
    );
    await client.query("TRUNCATE webhook_events");
    return rowCount ?? 0;
  } finally {
    await client.end();
  }
}

async function resealTokens() {
  const client = await connect();
  try {
    for (const page of [PAGE_A, PAGE_B]) {
      await client.query("UPDATE pages SET access_token_enc = $1, token_status = 'valid' WHERE facebook_page_id = $2", [encryptSecret(page.token), page.facebookPageId]);
    }
  } finally {
    await client.end();
  }
}

async function generate(log: (line: string) => void): Promise<DatasetInfo> {
  const started = performance.now();
  await recreateDatabase(BENCH.databaseUrl);
  await migrateDeploy(BENCH.databaseUrl, { log: () => {} });
  const client = await connect();
  try {
    // Bulk-load settings for this session only: the data is derived, so a crash just means regenerate.
    await client.query("SET synchronous_commit = off");
    await client.query("SET maintenance_work_mem = '256MB'");
    await client.query("SET work_mem = '64MB'");
    // Foreign keys are consistent by construction; skipping their per-row triggers saves most of the load time.
    await client.query("SET session_replication_role = replica");

    const companyId = randomUUID();
    const staffUserId = randomUUID();
    const adminUserId = randomUUID();
    await client.query("INSERT INTO companies (id, name, updated_at) VALUES ($1, 'Bench Company', now())", [companyId]);
    await client.query(
      `INSERT INTO users (id, company_id, name, email, role, updated_at) VALUES
         ($1, $3, 'Bench Staff', $4, 'staff', now()), ($2, $3, 'Bench Owner', 'owner@bench.switchboard.test', 'company_admin', now())`,
      [staffUserId, adminUserId, companyId, STAFF_EMAIL],
    );
    const pageIds: string[] = [];
    for (const page of [PAGE_A, PAGE_B]) {
      const id = randomUUID();
      pageIds.push(id);
      await client.query(
        "INSERT INTO pages (id, company_id, owner_id, facebook_page_id, name, access_token_enc, updated_at) VALUES ($1, $2, $3, $4, $5, $6, now())",
        [id, companyId, adminUserId, page.facebookPageId, page.name, encryptSecret(page.token)],
      );
      await client.query("INSERT INTO page_assignments (user_id, page_id) VALUES ($1, $2)", [staffUserId, id]);
    }

    // Secondary indexes are built once after the load rather than maintained row by row.
    const indexes = await client.query<{ indexname: string; indexdef: string }>(
      `SELECT i.indexname, i.indexdef FROM pg_indexes i
        WHERE i.schemaname = 'public' AND i.tablename IN ('customers', 'conversations', 'messages', 'customer_tags')
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    );
    for (const ix of indexes.rows) await client.query(`DROP INDEX "${ix.indexname}"`);

    const base = new Date(Math.floor(Date.now() / 1000) * 1000);
    await generatePage(client, { ...PAGE_A, pageId: pageIds[0]!, staffUserId, base, midPrefix: "m_seedA_", rareMessage: PAGE_A.messages - 17, seed: 1 });
    log(`dataset: page A loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await generatePage(client, { ...PAGE_B, pageId: pageIds[1]!, staffUserId, base, midPrefix: "m_seedB_", rareMessage: null, seed: 2 });
    const companies = 1 + (BENCH.datasetScale === 10 ? await generateOtherCompanies(client, base, log) : 0);

    const t = performance.now();
    for (const ix of indexes.rows) await client.query(ix.indexdef);
    log(`dataset: ${indexes.rows.length} indexes built in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    await client.query("SET session_replication_role = origin");
    await client.query("VACUUM (ANALYZE) customers, conversations, messages, customer_tags, labels, pages, users, page_assignments");

    const stats = await describe(client, pageIds[0]!);
    const totals = await client.query<{ conversations: string; messages: string; customers: string; tags: string }>(
      "SELECT (SELECT count(*) FROM conversations) conversations, (SELECT count(*) FROM messages) messages, (SELECT count(*) FROM customers) customers, (SELECT count(*) FROM customer_tags) tags",
    );
    const tot = totals.rows[0]!;
    const info: DatasetInfo = {
      version: DATASET_VERSION,
      scale: BENCH.datasetScale,
      companies,
      generatedAt: new Date().toISOString(),
      generationSeconds: Math.round((performance.now() - started) / 100) / 10,
      companyId,
      staffUserId,
      pageA: { id: pageIds[0]!, facebookPageId: PAGE_A.facebookPageId, conversations: PAGE_A.conversations, messages: PAGE_A.messages, ...stats.threads },
      pageB: { id: pageIds[1]!, facebookPageId: PAGE_B.facebookPageId, conversations: PAGE_B.conversations, messages: PAGE_B.messages },
      totals: { conversations: Number(tot.conversations), messages: Number(tot.messages), customers: Number(tot.customers), customerTags: Number(tot.tags) },
      skew: stats.skew,
    };
    const dbName = new URL(BENCH.databaseUrl).pathname.slice(1);
    await client.query(`COMMENT ON DATABASE "${dbName}" IS ${pg.escapeLiteral(JSON.stringify(info))}`);
    log(`dataset: generated in ${info.generationSeconds} s`);
    return info;
  } finally {
    await client.end();
  }
}

/** The other companies of scale 10, each with an owner, a staff member and one page of the same shape. */
async function generateOtherCompanies(client: Client, base: Date, log: (line: string) => void): Promise<number> {
  const started = performance.now();
  const spec = OTHER_COMPANIES;
  for (let i = 1; i <= spec.count; i++) {
    const [companyId, ownerId, staffId, pageId] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const facebookPageId = String(910_000_000_000_000 + i);
    await client.query("INSERT INTO companies (id, name, updated_at) VALUES ($1, $2, now())", [companyId, `Bench Company ${i + 1}`]);
    await client.query(
      `INSERT INTO users (id, company_id, name, email, role, updated_at) VALUES
         ($1, $3, 'Staff ' || $4, 'staff' || $4 || '@bench.switchboard.test', 'staff', now()),
         ($2, $3, 'Owner ' || $4, 'owner' || $4 || '@bench.switchboard.test', 'company_admin', now())`,
      [staffId, ownerId, companyId, String(i + 1)],
    );
    await client.query(
      "INSERT INTO pages (id, company_id, owner_id, facebook_page_id, name, access_token_enc, updated_at) VALUES ($1, $2, $3, $4, $5, $6, now())",
      [pageId, companyId, ownerId, facebookPageId, `Bench Page ${i + 1}`, encryptSecret(`BENCH_PAGE_TOKEN_other_${i}`)],
    );
    await client.query("INSERT INTO page_assignments (user_id, page_id) VALUES ($1, $2)", [staffId, pageId]);
    await generatePage(client, {
      pageId, facebookPageId, conversations: spec.conversations, messages: spec.messages,
      psidBase: spec.psidBase + BigInt(i) * 1_000_000_000_000n, staffUserId: staffId, base, midPrefix: `m_seedC${i}_`, rareMessage: null, seed: 10 + i,
    });
    if (i % 10 === 0) log(`dataset: ${i} of ${spec.count} other companies loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return spec.count;
}

type PageSpec = {
  pageId: string;
  facebookPageId: string;
  conversations: number;
  messages: number;
  psidBase: bigint;
  staffUserId: string;
  base: Date;
  midPrefix: string;
  rareMessage: number | null;
  seed: number;
};

async function generatePage(client: Client, spec: PageSpec) {
  const { h, pick, textSql, isImageSql } = hashers(spec.seed);
  const N = spec.conversations;
  // Conversation n: newest first by n, about 150 s apart (100 000 conversations span ~6 months).
  await client.query("DROP TABLE IF EXISTS seed_conv");
  await client.query(
    `CREATE TEMP TABLE seed_conv AS
       SELECT n, gen_random_uuid() AS conv_id, gen_random_uuid() AS cust_id,
              date_trunc('milliseconds', $1::timestamptz - make_interval(secs => (n - 1) * 150 + floor(${h("n", 1)} * 149))) AS at
         FROM generate_series(1, ${N}) n`,
    [spec.base],
  );
  await client.query("ALTER TABLE seed_conv ADD PRIMARY KEY (n)");

  await client.query(
    `INSERT INTO customers (id, page_id, psid, name, avatar_url, profile_fetched_at, created_at)
     SELECT cust_id, $3::uuid, ($4::bigint + n)::text, ${pick("$1::text[]", "n", 2)} || ' ' || ${pick("$2::text[]", "n", 3)},
            'http://127.0.0.1:4030/avatars/' || ($4::bigint + n)::text || '.svg', at, at
       FROM seed_conv`,
    [FIRST, LAST, spec.pageId, spec.psidBase.toString()],
  );

  // The newest message of conversation n is message n (its text is the list preview).
  await client.query(
    `INSERT INTO conversations (id, page_id, customer_id, is_important, is_spam, unread_count, last_message_text, last_message_is_image,
                                last_message_at, last_inbound_at, created_at, updated_at)
     SELECT conv_id, $2::uuid, cust_id, ${h("n", 41)} < 0.05, ${h("n", 42)} < 0.02,
            CASE WHEN ${h("n", 43)} < 0.2 THEN 1 + floor(${h("n", 44)} * 5)::int ELSE 0 END,
            COALESCE(${textSql("n")}, ''), ${isImageSql("n")}, at, at - interval '5 minutes', at - interval '90 days', at
       FROM seed_conv`,
    [WORDS, spec.pageId],
  );

  // Messages 1..N: one per conversation, the newest. N+1..M: conversation picked with density ~ 1/sqrt(rank)
  // over a permutation (7919 is prime, so (s-1)*7919 mod N is one), timed up to 90 days before the newest.
  const M = spec.messages;
  const skewRank = `LEAST(${N}, 1 + floor(${N} * power(${h("m", 2)}, 2))::int)`;
  await client.query(
    `INSERT INTO messages (id, conversation_id, page_id, mid, direction, sender_id, author_id, text, attachments, is_image, is_echo,
                           send_status, created_time, created_at)
     SELECT gen_random_uuid(), c.conv_id, $7::uuid, $2::text || g.m, g.dir::"MessageDirection",
            CASE WHEN g.dir = 'inbound' THEN ($3::bigint + c.n)::text ELSE $4::text END,
            CASE WHEN g.dir = 'outbound' AND ${h("g.m", 6)} < 0.6 THEN $5::uuid END,
            CASE WHEN g.m = $6::bigint THEN 'do you have the ${RARE_WORD} model in size 42' ELSE ${textSql("g.m")} END,
            CASE WHEN ${isImageSql("g.m")} THEN '[{"type":"image","url":"http://127.0.0.1:4030/samples/parcel.png"}]'::jsonb END,
            ${isImageSql("g.m")},
            g.dir = 'outbound' AND ${h("g.m", 6)} >= 0.6,
            (CASE WHEN g.dir = 'inbound' THEN 'received' WHEN ${h("g.m", 7)} < 0.8 THEN 'read' ELSE 'delivered' END)::"SendStatus",
            c.at - g.back_ms * interval '1 millisecond', c.at - g.back_ms * interval '1 millisecond'
       FROM (SELECT m,
                    CASE WHEN m <= ${N} THEN m ELSE ((${skewRank} - 1)::bigint * 7919 % ${N}) + 1 END AS conv_n,
                    CASE WHEN m <= ${N} THEN 0 ELSE 1 + floor(${h("m", 3)} * 7776000000)::bigint END AS back_ms,
                    CASE WHEN ${h("m", 4)} < (CASE WHEN m <= ${N} THEN 0.7 ELSE 0.55 END) THEN 'inbound' ELSE 'outbound' END AS dir
               FROM generate_series(1, ${M}) m) g
       JOIN seed_conv c ON c.n = g.conv_n`,
    [WORDS, spec.midPrefix, spec.psidBase.toString(), spec.facebookPageId, spec.staffUserId, spec.rareMessage ?? -1, spec.pageId],
  );

  const labelIds = LABELS.map(() => randomUUID());
  for (const [i, label] of LABELS.entries()) {
    await client.query(`INSERT INTO labels (id, page_id, name, color) VALUES ($1, $2, $3, $4::"LabelColor")`, [labelIds[i], spec.pageId, label.name, label.color]);
    await client.query(
      `INSERT INTO customer_tags (id, page_id, customer_id, conversation_id, label_id, name, color, created_at)
       SELECT gen_random_uuid(), $1::uuid, cust_id, conv_id, $2::uuid, $3, $4::"LabelColor", at
         FROM seed_conv WHERE ${h("n", 50 + i)} < $5`,
      [spec.pageId, labelIds[i], label.name, label.color, label.share],
    );
  }
  await client.query("DROP TABLE seed_conv");
}

async function describe(client: Client, pageAId: string) {
  const { rows } = await client.query<{ id: string; n: string }>(
    `SELECT m.conversation_id AS id, count(*) AS n FROM messages m JOIN conversations c ON c.id = m.conversation_id
      WHERE c.page_id = $1 GROUP BY m.conversation_id ORDER BY n DESC, id`,
    [pageAId],
  );
  const counts = rows.map((r) => Number(r.n));
  const total = counts.reduce((a, b) => a + b, 0);
  const top = counts.slice(0, Math.ceil(counts.length / 100)).reduce((a, b) => a + b, 0);
  const median = counts[Math.floor(counts.length / 2)]!;
  // A thread long enough for an older page (the thread page is 25), yet ordinary.
  const typical = rows.find((r) => Number(r.n) <= 60) ?? rows[Math.floor(rows.length / 4)]!;
  return {
    threads: {
      longestConversationId: rows[0]!.id,
      longestConversationMessages: Number(rows[0]!.n),
      typicalConversationId: typical.id,
      typicalConversationMessages: Number(typical.n),
    },
    skew: { top1PercentShare: Math.round((top / total) * 1000) / 1000, medianMessages: median, maxMessages: counts[0]! },
  };
}
