import { writeFileSync } from "node:fs";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/server/generated/prisma/client";
import { encodeToken } from "@/server/services/auth/token";
import { encryptSecret } from "@/server/security/secret-box";
import { createSimulator, type Simulator } from "@/tools/simulator/create-simulator";
import { queueNameFor } from "@/server/queue/index";
import { migrateDeploy } from "../../prisma/scripts/migrate-lib";
import { startPrivatePostgres, startPrivateRedis, type PrivatePostgres, type PrivateRedis } from "../support/private-services";
import { freePortsSync } from "../support/free-port";
import { startApp, startWorker, type AppInstance, type WorkerInstance } from "../integration/support/fleet";

// The system of the fault tests (issue 30): a Postgres and a Redis of its own (so they can be restarted),
// the app (runAppServer without Next, with its webhook thread on WEBHOOK_PORT) and the worker as real
// processes, and the Messenger simulator as Meta: the Graph API the app sends through, and the sender of
// the echoes of those sends. Pages, customers and one agent with a session are seeded.

export type FaultWorld = {
  pg: PrivatePostgres;
  redis: PrivateRedis;
  sim: Simulator;
  db: PrismaClient;
  app: AppInstance;
  worker: WorkerInstance;
  pages: { id: string; facebookPageId: string }[];
  /** Customers (psids) per Facebook page id, known to the simulator and inside the messaging window. */
  psids: Map<string, string[]>;
  token: string;
  /** Where the app's and the worker's inspectors open (WorldOptions.inspect), else null. */
  inspectPorts: { app: number; worker: number } | null;
  /** The BullMQ queue the app and worker share (QUEUE_PREFIX of their own). */
  queueName: string;
  /** SIGKILLs the app (or the worker) and starts a new one on fresh ports; resolves once it is ready. */
  killApp: () => Promise<void>;
  startApp: () => Promise<void>;
  killWorker: () => Promise<void>;
  startWorker: () => Promise<void>;
  logs: () => string;
  close: () => Promise<void>;
};

/**
 * `postgres`: more Postgres settings (name=value). `inspect`: the app and the worker start with their V8
 * inspector armed on a port of their own (`inspectPorts`), for readings of memory after GC (tests/support/inspector.ts).
 */
export type WorldOptions = { pages?: number; customersPerPage?: number; env?: Record<string, string>; postgres?: string[]; inspect?: boolean };

const PAGE_BASE = 510_000_000_000_000;
const PSID_BASE = 6_100_000_000_000_000;
const pageToken = (facebookPageId: string) => `PAGE_TOKEN_fault_world_${facebookPageId}`;

async function untilReady(url: string, what: { child: { exitCode: number | null }; output: () => string }, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    if (what.child.exitCode !== null || Date.now() > deadline) throw new Error(`${url} never became ready:\n${what.output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startFaultWorld(options: WorldOptions = {}): Promise<FaultWorld> {
  const pageCount = options.pages ?? 3;
  const perPage = options.customersPerPage ?? 20;
  const [pg, redis] = await Promise.all([startPrivatePostgres("faults", options.postgres), startPrivateRedis()]);
  await migrateDeploy(pg.url, { log: () => {} });
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: pg.url, max: 4 }, { onPoolError: () => {} }) });

  const company = await db.company.create({ data: { name: "Bad Day Co" } });
  const agent = await db.user.create({ data: { role: "staff", companyId: company.id, name: "Agent Bad Day", email: "agent@badday.test", isActive: true } });
  const session = await db.session.create({ data: { userId: agent.id, expiresAt: new Date(Date.now() + 86_400_000) }, select: { id: true } });
  const token = await encodeToken({ userId: agent.id, sessionId: session.id });
  const pages: FaultWorld["pages"] = [];
  const psids = new Map<string, string[]>();
  for (let i = 0; i < pageCount; i++) {
    const facebookPageId = String(PAGE_BASE + i);
    const page = await db.page.create({ data: { companyId: company.id, name: `Bad Day ${i}`, facebookPageId, accessTokenEnc: encryptSecret(pageToken(facebookPageId)) } });
    await db.pageAssignment.create({ data: { userId: agent.id, pageId: page.id } });
    pages.push({ id: page.id, facebookPageId });
    psids.set(facebookPageId, Array.from({ length: perPage }, (_, k) => String(PSID_BASE + i * 1000 + k)));
  }

  // Meta: the Graph API on a free port, its echoes (and any delivery it makes) retried for minutes, as Meta does.
  const sim = await createSimulator({
    port: 0,
    webhookUrl: "",
    appSecret: process.env.META_APP_SECRET,
    appId: process.env.META_APP_ID,
    echoDelayMs: 5,
    sendDeliveries: false,
    webhookRetries: 14,
    retryBaseDelayMs: 100,
    rateLimitPerSecond: 0,
    pages: pages.map((p) => ({ pageId: p.facebookPageId, name: p.facebookPageId, accessToken: pageToken(p.facebookPageId) })),
  });
  for (const [pageId, list] of psids)
    for (const psid of list) sim.state.customers.set(`${pageId}:${psid}`, { pageId, psid, firstName: "C", lastName: psid, profileError: false, lastMessageAt: Date.now(), createdAt: Date.now() });

  const queuePrefix = `faults-${process.pid}`;
  const env = {
    DATABASE_URL: pg.url,
    REDIS_URL: redis.url,
    GRAPH_API_URL: sim.url,
    QUEUE_PREFIX: queuePrefix,
    LOG_FORMAT: "json",
    WEBHOOK_POLL_MS: "500",
    ...options.env,
  };
  const inspectPorts = options.inspect ? (([app, worker]) => ({ app: app!, worker: worker! }))(freePortsSync(2)) : null;
  const armed = (port: number | undefined): Record<string, string> => (port === undefined ? {} : { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --inspect-port=127.0.0.1:${port}`.trim() });
  let app: AppInstance | null = null;
  let worker: WorkerInstance | null = null;
  let logs = "";

  const world: FaultWorld = {
    pg,
    redis,
    sim,
    db,
    get app() {
      return app!;
    },
    get worker() {
      return worker!;
    },
    pages,
    psids,
    token,
    inspectPorts,
    queueName: queueNameFor(queuePrefix),
    async startApp() {
      app = startApp({ ...env, ...armed(inspectPorts?.app) });
      await untilReady(`${app.url}/api/health/live`, app);
      // Echoes of the app's sends go to its webhook thread, as Meta's go to the webhook URL.
      sim.settings.webhookUrl = `${app.webhookUrl}/api/webhooks/messenger`;
    },
    async killApp() {
      if (!app) return;
      app.kill("SIGKILL");
      await app.exited;
      logs += app.output();
    },
    async startWorker() {
      worker = startWorker({ ...env, ...armed(inspectPorts?.worker) });
      await untilReady(`${worker.url}/live`, worker);
    },
    async killWorker() {
      if (!worker) return;
      worker.kill("SIGKILL");
      await worker.exited;
      logs += worker.output();
    },
    logs: () => logs + (app?.output() ?? "") + (worker?.output() ?? ""),
    async close() {
      await world.killApp().catch(() => {});
      await world.killWorker().catch(() => {});
      // FAULTS_LOG=<file>: the processes' output, for a run that needs explaining.
      if (process.env.FAULTS_LOG) writeFileSync(process.env.FAULTS_LOG, logs);
      await sim.close();
      await db.$disconnect().catch(() => {});
      await Promise.all([pg.dispose(), redis.dispose()]);
    },
  };
  try {
    await Promise.all([world.startApp(), world.startWorker()]);
  } catch (error) {
    await world.close();
    throw error;
  }
  return world;
}
