import pg from "pg";
import { issueToken } from "@/server/services/auth/token";
import { encryptSecret } from "@/server/security/secret-box";
import type { Simulator } from "@/tools/simulator/create-simulator";
import { BENCH } from "./config";
import type { BenchContext } from "./context";
import { PAGE_A, PAGE_B, type DatasetInfo } from "./dataset";

// The world of the load and sockets benchmarks on top of the dataset: a third Page (created once, empty),
// agent users (one user may hold only 20 sockets), and customers in a PSID range of their own — known ones
// (a message each before the timed run) and never-seen ones, fresh for every run. Everything they write
// is deleted afterwards (cleanupLoadData), so the dataset keeps its counts.

export const PAGE_C = { facebookPageId: "900000000000003", name: "Bench Corner", token: "BENCH_PAGE_TOKEN_corner_03" };
const LOAD_PSID_BASE = 7_300_000_000_000_000n;
const LOAD_PSID_END = LOAD_PSID_BASE + 100_000_000_000_000n;
export const loadPsid = (index: number) => (LOAD_PSID_BASE + BigInt(index)).toString();
export const AGENT_USERS = 50;

export type LoadPage = { id: string; facebookPageId: string };
export type LoadWorld = { pages: LoadPage[]; agents: { id: string; token: string }[] };

async function connect() {
  const client = new pg.Client({ connectionString: BENCH.databaseUrl });
  await client.connect();
  return client;
}

export async function prepareLoadWorld(dataset: DatasetInfo, sim: Simulator): Promise<LoadWorld> {
  const client = await connect();
  try {
    await client.query(
      `INSERT INTO pages (id, company_id, owner_id, facebook_page_id, name, access_token_enc, updated_at)
       SELECT gen_random_uuid(), company_id, owner_id, $1, $2, $3, now() FROM pages WHERE facebook_page_id = $4
       ON CONFLICT (facebook_page_id) DO NOTHING`,
      [PAGE_C.facebookPageId, PAGE_C.name, encryptSecret(PAGE_C.token), PAGE_B.facebookPageId],
    );
    const pages = (await client.query<LoadPage>(`SELECT id, facebook_page_id AS "facebookPageId" FROM pages WHERE facebook_page_id = ANY($1) ORDER BY facebook_page_id`, [[PAGE_A.facebookPageId, PAGE_B.facebookPageId, PAGE_C.facebookPageId]])).rows;
    await client.query(
      `INSERT INTO users (id, company_id, name, email, role, updated_at)
       SELECT gen_random_uuid(), $1, 'Load Agent ' || n, 'load-agent-' || n || '@bench.switchboard.test', 'staff', now() FROM generate_series(1, $2) AS n
       ON CONFLICT (email) DO NOTHING`,
      [dataset.companyId, AGENT_USERS],
    );
    const agents = (await client.query<{ id: string }>(`SELECT id FROM users WHERE email LIKE 'load-agent-%@bench.switchboard.test' ORDER BY email`)).rows;
    await client.query(
      `INSERT INTO page_assignments (user_id, page_id) SELECT u.id, p.id FROM users u CROSS JOIN pages p
        WHERE (u.email LIKE 'load-agent-%@bench.switchboard.test' OR u.id = $1) AND p.facebook_page_id = ANY($2) ON CONFLICT DO NOTHING`,
      [dataset.staffUserId, [PAGE_A.facebookPageId, PAGE_B.facebookPageId, PAGE_C.facebookPageId]],
    );
    const tokens = await Promise.all(agents.map((a) => issueToken(a.id)));
    const existing = await fetch(`${sim.url}/sim/pages`).then((r) => r.json() as Promise<{ pageId: string }[]>);
    if (!existing.some((p) => p.pageId === PAGE_C.facebookPageId)) {
      await fetch(`${sim.url}/sim/pages`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ pageId: PAGE_C.facebookPageId, name: PAGE_C.name, accessToken: PAGE_C.token }) });
    }
    return { pages, agents: agents.map((a, i) => ({ id: a.id, token: tokens[i]! })) };
  } finally {
    await client.end();
  }
}

/**
 * Customers index from..from+count-1, spread over the three pages, known to the simulator (profiles; and
 * inside the reply window: the bench posts their messages itself, so the simulator never saw them write).
 */
export async function loadCustomers(world: LoadWorld, sim: Simulator, from: number, count: number) {
  const customers = Array.from({ length: count }, (_, k) => ({ facebookPageId: world.pages[(from + k) % world.pages.length]!.facebookPageId, psid: loadPsid(from + k) }));
  for (const c of customers) {
    await fetch(`${sim.url}/sim/customers`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ pageId: c.facebookPageId, psid: c.psid, firstName: "Load", lastName: `Person${c.psid.slice(-5)}`, lastMessageAt: Date.now() }) });
  }
  return customers;
}

/** Conversations of load customers, by page (targets for replies and open threads). */
export async function loadConversations(psids: string[]): Promise<{ id: string; pageId: string }[]> {
  const client = await connect();
  try {
    return (await client.query<{ id: string; pageId: string }>(`SELECT c.id, c.page_id AS "pageId" FROM conversations c JOIN customers u ON u.id = c.customer_id WHERE u.psid = ANY($1)`, [psids])).rows;
  } finally {
    await client.end();
  }
}

/** Deletes the load customers (their conversations and messages by cascade) and the deliveries. */
export async function cleanupLoadData(): Promise<number> {
  const client = await connect();
  try {
    const { rowCount } = await client.query("DELETE FROM customers WHERE psid >= $1 AND psid < $2", [loadPsid(0), LOAD_PSID_END.toString()]);
    await client.query("DELETE FROM webhook_events WHERE processed_at IS NOT NULL");
    return rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/** The app, a database client for the bench's own reads, and the world, starting from no load data. */
export async function openLoadWorld(ctx: BenchContext) {
  const app = await ctx.app();
  const client = await connect();
  try {
    await cleanupLoadData();
    return { app, client, world: await prepareLoadWorld(ctx.dataset, app.sim) };
  } catch (error) {
    await client.end();
    throw error;
  }
}
