import { io as connect, type Socket } from "socket.io-client";
import { CLIENT_EVENTS, SERVER_EVENTS } from "@/lib/contract/socket-events";
import { encodeToken } from "@/server/services/auth/token";
import { moveAgentSocket, openAgentSocket, type AgentSocket } from "../faults/traffic";
import { startFaultWorld, type FaultWorld } from "../faults/world";
import { body, fromCustomer, postSigned, type Item } from "../integration/support/webhook-post";
import { treeCpuMs } from "../support/cpu";
import { openInspector, settledMemory, type Inspector } from "../support/inspector";
import { sleep, summarize, type Summary } from "../support/stats";

// The soak (issue 40): does the webhook → agent path stay as fast after minutes or hours of mixed traffic
// as it was fresh? Real app and worker processes on a Postgres of their own with autovacuum off, as on
// these machines. The guard also turns the worker's database upkeep off, so nothing is ever ANALYZEd or
// VACUUMed (GUIDE §5: the hot path must not need it); the long bench runs the product as it ships, upkeep on.
// The path is measured fresh, then again after the mixed traffic, in the same run; what is compared is their
// ratio, never an absolute time. Used by the cheap guard in `npm test` (tests/integration/soak.test.ts) and the long
// bench (`npm run soak`, tests/bench/soak.ts).

export type SoakWorld = {
  world: FaultWorld;
  /** The agent whose socket sits in every Page's room and measures the path. */
  socket: AgentSocket;
  adminToken: string;
  /** Customers who wrote before: the known ones of the mixed traffic. */
  known: { pageId: string; psid: string }[];
  close: () => Promise<void>;
};

const NEW_PSID_BASE = 7_700_000_000_000_000;
/** What customers write: "warranty" is in about one message in ten, as in the load bench's dataset. */
const WORDS = ["hello", "price", "size", "warranty", "delivery", "colour", "return", "order", "shoes", "thanks", "when", "box", "paid", "refund", "store", "today", "tomorrow", "black", "white", "gift"];
const textOf = (i: number) => `${WORDS[i % WORDS.length]} ${WORDS[(i * 7 + 3) % WORDS.length]} ${WORDS[(i * 13 + 5) % WORDS.length]} ${i}`;
/** An agent's searches: a common word, a name a few customers share (Soak N17, N170…), a word nobody wrote. */
const SEARCHES = ["warranty", "N17", "zebracorn"];
let newPeople = 0;

/**
 * `pages`: the Pages the traffic is spread over (a Page's customers are what an O(Page) statement reads).
 * `upkeep`: the worker's database upkeep (DATABASE_UPKEEP), off unless asked.
 */
export async function startSoakWorld(options: { pages?: number; upkeep?: boolean; env?: Record<string, string>; postgres?: string[] } = {}): Promise<SoakWorld> {
  const world = await startFaultWorld({
    pages: options.pages ?? 3,
    customersPerPage: 20,
    postgres: ["autovacuum=off", ...(options.postgres ?? [])],
    inspect: true,
    env: { DATABASE_UPKEEP: String(options.upkeep ?? false), LOG_LEVEL: "warn", ...options.env },
  });
  const companyId = (await world.db.page.findFirstOrThrow({ select: { companyId: true } })).companyId;
  const admin = await world.db.user.create({ data: { role: "company_admin", companyId, name: "Soak Admin", email: "admin@soak.test", isActive: true } });
  const session = await world.db.session.create({ data: { userId: admin.id, expiresAt: new Date(Date.now() + 86_400_000) }, select: { id: true } });
  const socket = openAgentSocket(world);
  await socket.joined;
  const known = [...world.psids].flatMap(([pageId, psids]) => psids.map((psid) => ({ pageId, psid })));
  const soak: SoakWorld = {
    world,
    socket,
    adminToken: await encodeToken({ userId: admin.id, sessionId: session.id }),
    known,
    close: async () => {
      soak.socket.close();
      await world.close();
    },
  };
  // The known customers write once, so they have conversations (what agents read and answer).
  await Promise.all(known.map((k, i) => deliver(soak, body(k.pageId, fromCustomer(k.pageId, k.psid, { message: { mid: `m_soak_known_${i}`, text: "hello again" } })))));
  await settle(soak);
  return soak;
}

/** A customer the app has never seen, known to the simulator (profile, messaging window). */
function newCustomer(soak: SoakWorld): { pageId: string; psid: string } {
  const n = newPeople++;
  const pageId = soak.world.pages[n % soak.world.pages.length]!.facebookPageId;
  const psid = String(NEW_PSID_BASE + n);
  soak.world.sim.state.customers.set(`${pageId}:${psid}`, { pageId, psid, firstName: "Soak", lastName: `N${n}`, profileError: false, lastMessageAt: Date.now(), createdAt: Date.now() });
  return { pageId, psid };
}

/** Posts a signed delivery as Meta does, again after a failure; resolves with the acknowledgement's time (ms). */
async function deliver(soak: SoakWorld, raw: string): Promise<number> {
  for (let wait = 100; ; wait = Math.min(wait * 2, 1000)) {
    const started = performance.now();
    const ok = await postSigned(soak.world.app.webhookUrl, raw).then(
      async (r) => (await r.text(), r.status === 200),
      () => false,
    );
    if (ok) return performance.now() - started;
    await sleep(wait);
  }
}

/** `count` calls of `each`, spread evenly over `seconds`, not awaited one by one. */
async function paced(count: number, seconds: number, each: (i: number) => Promise<unknown>): Promise<void> {
  const start = performance.now();
  const running: Promise<unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const due = start + (i * seconds * 1000) / count;
    if (due > performance.now()) await sleep(due - performance.now());
    running.push(each(i));
  }
  await Promise.all(running);
}

/** CPU milliseconds used so far by the app, the worker and Postgres (every backend is the postmaster's child), and by this process (traffic, agents, the simulator). */
function cpuNow(soak: SoakWorld): { app: number; worker: number; postgres: number; generator: number } {
  const { app, worker, pg } = soak.world;
  const tree = (pid: number | null | undefined) => (pid ? (treeCpuMs(pid) ?? 0) : 0);
  return { app: tree(app.child.pid), worker: tree(worker.child.pid), postgres: tree(pg.pid()), generator: tree(process.pid) - tree(app.child.pid) - tree(worker.child.pid) - tree(pg.pid()) };
}

export type PathFigures = {
  messages: number;
  socket: Summary;
  ack: Summary;
  lost: number;
  /** The app's, the worker's and Postgres's CPU per message, together (what the ratio compares) and each. */
  cpuMsPerMessage: number;
  cpuSplit: { app: number; worker: number; postgres: number; generator: number };
  /** With `agents`: what agents felt meanwhile. */
  reads?: Record<"list" | "thread" | "search", Summary>;
  readFailures?: number;
  /** A reply, from its POST to another agent's socket showing it. */
  replyToOtherAgent?: Summary;
  replyFailures?: number;
};

/**
 * The path as an agent feels it: `rate` messages a second for `seconds`, each from a customer never seen
 * before (a first contact: customer, conversation and message created, the Page room told), timed from the
 * POST to the agent's socket event. Waits up to 15 s for the last ones; any still missing is lost. With
 * `agents`, meanwhile `readers` agents each read the list, a thread and a search every 2 s, and `repliers`
 * each reply every 2 s, timed until another agent's socket shows the reply (the load bench's bars).
 */
export async function measurePath(soak: SoakWorld, { rate, seconds, tag, agents }: { rate: number; seconds: number; tag: string; agents?: { readers: number; repliers: number } }): Promise<PathFigures> {
  const sent = new Map<string, number>();
  const acks: number[] = [];
  const cpuBefore = cpuNow(soak);
  const agentsDone = agents ? agentsAtWork(soak, agents, seconds, tag) : null;
  await paced(rate * seconds, seconds, async (i) => {
    const person = newCustomer(soak);
    const mid = `m_soak_${tag}_${i}`;
    sent.set(mid, Date.now());
    acks.push(await deliver(soak, body(person.pageId, fromCustomer(person.pageId, person.psid, { message: { mid, text: textOf(i) } }))));
  });
  const deadline = Date.now() + 15_000;
  while ([...sent.keys()].some((mid) => !soak.socket.live.has(mid)) && Date.now() < deadline) await sleep(100);
  const cpuAfter = cpuNow(soak);
  const perMessage = (k: keyof typeof cpuAfter) => Math.round(((cpuAfter[k] - cpuBefore[k]) / sent.size) * 100) / 100;
  const cpuSplit = { app: perMessage("app"), worker: perMessage("worker"), postgres: perMessage("postgres"), generator: perMessage("generator") };
  const latencies = [...sent].flatMap(([mid, at]) => (soak.socket.live.has(mid) ? [soak.socket.live.get(mid)! - at] : []));
  const figures: PathFigures = {
    messages: sent.size,
    socket: summarize(latencies),
    ack: summarize(acks),
    lost: sent.size - latencies.length,
    cpuMsPerMessage: Math.round((cpuSplit.app + cpuSplit.worker + cpuSplit.postgres) * 100) / 100,
    cpuSplit,
  };
  return agentsDone ? { ...figures, ...(await agentsDone) } : figures;
}

/** Readers and repliers for `seconds` (measurePath's `agents`). */
async function agentsAtWork(soak: SoakWorld, { readers, repliers }: { readers: number; repliers: number }, seconds: number, tag: string) {
  const { world } = soak;
  const reads: Record<"list" | "thread" | "search", number[]> = { list: [], thread: [], search: [] };
  let readFailures = 0;
  let replyFailures = 0;
  const replies = new Map<string, { sentAt: number; shownAt: number | null }>();
  // Another agent's socket in the Pages' rooms: a reply shows there as a new-message with its text.
  const other = connect(world.app.url, { auth: { token: soak.adminToken }, transports: ["websocket"] });
  other.on("connect", () => world.pages.forEach((page) => other.emit(CLIENT_EVENTS.joinPage, { pageId: page.id })));
  other.on(SERVER_EVENTS.newMessage, (event: { message?: { message?: string | null } }) => {
    const reply = replies.get(event.message?.message ?? "");
    if (reply && reply.shownAt === null) reply.shownAt = Date.now();
  });
  const conversations = await world.db.conversation.findMany({ where: { customer: { psid: { in: soak.known.map((k) => k.psid) } } }, select: { id: true, pageId: true } });
  const deadline = Date.now() + seconds * 1000;
  const timed = async (kind: keyof typeof reads, path: string) => {
    const started = performance.now();
    if (await api(soak, world.token, "GET", path)) reads[kind].push(performance.now() - started);
    else readFailures++;
  };
  const loop = async (offset: number, work: (n: number) => Promise<void>) => {
    await sleep(offset);
    for (let n = 0; Date.now() < deadline; n++) {
      const next = Date.now() + 2_000;
      await work(n);
      await sleep(Math.max(0, next - Date.now()));
    }
  };
  await Promise.all([
    ...Array.from({ length: readers }, (_, r) =>
      loop((r * 2_000) / readers, async (n) => {
        const c = conversations[(r + n) % conversations.length]!;
        await timed("list", `/api/conversations/${c.pageId}?limit=15`);
        await timed("thread", `/api/conversation/${c.id}/${c.pageId}`);
        await timed("search", `/api/conversations/${c.pageId}?limit=15&search=${SEARCHES[n % SEARCHES.length]}`);
      }),
    ),
    ...Array.from({ length: repliers }, (_, r) =>
      loop((r * 2_000) / repliers, async (n) => {
        const c = conversations[(r * 7 + n) % conversations.length]!;
        const text = `Reply ${tag} ${r}.${n}`;
        replies.set(text, { sentAt: Date.now(), shownAt: null });
        if (!(await api(soak, world.token, "POST", "/api/send-message", { conversationId: c.id, pageId: c.pageId, text }))) replyFailures++;
      }),
    ),
  ]);
  await sleep(2_000);
  other.disconnect();
  const shown = [...replies.values()].flatMap((r) => (r.shownAt === null ? [] : [r.shownAt - r.sentAt]));
  return {
    reads: { list: summarize(reads.list), thread: summarize(reads.thread), search: summarize(reads.search) },
    readFailures,
    replyToOtherAgent: summarize(shown),
    replyFailures: replyFailures + (replies.size - shown.length),
  };
}

export type MemoryReading = { atSeconds: number; app: { heapUsedMb: number; rssMb: number }; worker: { heapUsedMb: number; rssMb: number } };

/** The app's and the worker's memory after full garbage collections, read through their inspectors. */
export function memoryProbe(soak: SoakWorld) {
  const ports = soak.world.inspectPorts!;
  const started = Date.now();
  let inspectors: Promise<[Inspector, Inspector]> | null = null;
  const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;
  return {
    async read(): Promise<MemoryReading> {
      inspectors ??= Promise.all([openInspector(soak.world.app.child.pid!, ports.app), openInspector(soak.world.worker.child.pid!, ports.worker)]);
      const [app, worker] = await inspectors;
      const [a, w] = await Promise.all([settledMemory(app, soak.world.app.child.pid!), settledMemory(worker, soak.world.worker.child.pid!)]);
      return { atSeconds: Math.round((Date.now() - started) / 1000), app: { heapUsedMb: mb(a.heapUsed), rssMb: mb(a.rss) }, worker: { heapUsedMb: mb(w.heapUsed), rssMb: mb(w.rss) } };
    },
    close: async () => (inspectors ? (await inspectors).forEach((i) => i.close()) : undefined),
  };
}

export type MixedFigures = { customerMessages: number; firstContacts: number; attachments: number; replies: number; replyFailures: number; reads: number; readFailures: number; socketsOpened: number; offers: number };

const api = async (soak: SoakWorld, token: string, method: string, path: string, payload?: unknown): Promise<boolean> => {
  const res = await fetch(`${soak.world.app.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(payload ? { "Content-Type": "application/json" } : {}) },
    body: payload ? JSON.stringify(payload) : undefined,
  }).catch(() => null);
  if (!res) return false;
  await res.text();
  return res.ok;
};

/**
 * What a Page's day looks like, at `rate` customer messages a second for `seconds`: customers who wrote
 * before and first contacts, some with an image (one in two of whose downloads fails), agents' replies,
 * agents' sockets joining a Page and a conversation and leaving, agents reading the list, a thread and
 * search, an admin reading the dashboard, and a labelled offer now and then. `onTick` runs every
 * `tickSeconds` (memory readings).
 */
export async function mixedTraffic(soak: SoakWorld, { rate, seconds, tickSeconds = 15, onTick }: { rate: number; seconds: number; tickSeconds?: number; onTick?: () => Promise<void> }): Promise<MixedFigures> {
  const figures: MixedFigures = { customerMessages: 0, firstContacts: 0, attachments: 0, replies: 0, replyFailures: 0, reads: 0, readFailures: 0, socketsOpened: 0, offers: 0 };
  const { world } = soak;
  const deadline = Date.now() + seconds * 1000;
  const live = () => Date.now() < deadline;
  const sim = world.sim.url;
  const loops: Promise<void>[] = [];
  const every = (ms: number, work: (n: number) => Promise<void>) =>
    loops.push(
      (async () => {
        for (let n = 0; live(); n++) {
          const next = Date.now() + ms;
          await work(n).catch(() => {});
          await sleep(Math.max(0, next - Date.now()));
        }
      })(),
    );

  // Customers: one message in five from someone never seen, one in twenty with an image. (First contacts'
  // profile lookups are paced at 25 a second: more than that would fill their bounded backlog, which is
  // growth by design, not a leak.)
  loops.push(
    paced(Math.round(rate * seconds), seconds, async (i) => {
      const fresh = i % 5 === 0;
      const person = fresh ? newCustomer(soak) : soak.known[i % soak.known.length]!;
      if (fresh) figures.firstContacts++;
      const message: Item = { mid: `m_soak_mixed_${Date.now().toString(36)}_${i}`, text: textOf(i) };
      if (i % 20 === 7) {
        figures.attachments++;
        message.attachments = [{ type: "image", payload: { url: i % 40 === 7 ? `${sim}/samples/sunset.png` : `${sim}/samples/gone-${i}.png` } }];
      }
      figures.customerMessages++;
      await deliver(soak, body(person.pageId, fromCustomer(person.pageId, person.psid, { message })));
    }),
  );

  const conversations = async () => world.db.conversation.findMany({ select: { id: true, pageId: true }, orderBy: { lastMessageAt: "desc" }, take: 50 });
  let recent = await conversations();
  every(5_000, async () => void (recent = await conversations()));

  // Agents reply (the simulator echoes each reply to the webhook, as Meta does).
  every(500, async (n) => {
    const c = recent[n % recent.length];
    if (!c) return;
    const ok = await api(soak, world.token, "POST", "/api/send-message", { conversationId: c.id, pageId: c.pageId, text: `On it, reply ${n}` });
    if (ok) figures.replies++;
    else figures.replyFailures++;
  });

  // Agents read: the list (first page and the next), a thread, a search; the admin the dashboard.
  every(250, async (n) => {
    const c = recent[n % recent.length];
    const pageId = world.pages[n % world.pages.length]!.id;
    const reads = [`/api/conversations/${pageId}?limit=15`, c ? `/api/conversation/${c.id}/${c.pageId}` : null, `/api/conversations/${pageId}?limit=15&search=${SEARCHES[n % SEARCHES.length]}`, `/api/conversations/${pageId}?limit=15&isImportant=true`];
    const path = reads[n % reads.length];
    const count = (ok: boolean) => void (ok ? figures.reads++ : figures.readFailures++);
    if (path) count(await api(soak, world.token, "GET", path));
    if (n % 8 === 0) count(await api(soak, soak.adminToken, "GET", `/api/dashboard/stats`));
  });

  // Sockets come and go: each joins a Page and a conversation, stays 3 s, leaves.
  const open = new Set<Socket>();
  every(1_000, async (n) => {
    const socket = connect(world.app.url, { auth: { token: world.token }, transports: ["websocket"], reconnection: false });
    open.add(socket);
    figures.socketsOpened++;
    socket.on("connect", () => {
      socket.emit(CLIENT_EVENTS.joinPage, { pageId: world.pages[n % world.pages.length]!.id });
      if (recent[n % recent.length]) socket.emit(CLIENT_EVENTS.joinConversation, { room: recent[n % recent.length]!.id });
    });
    setTimeout(() => (socket.disconnect(), open.delete(socket)), 3_000);
  });

  // A labelled offer every 30 s to the customers the agent labelled meanwhile.
  every(30_000, async (n) => {
    const c = recent.slice(0, 5);
    for (const conversation of c) await api(soak, world.token, "POST", "/api/page-labels/assign", { conversationId: conversation.id, pageId: conversation.pageId, tags: [{ tag: "soak" }] });
    const pageId = c[0]?.pageId;
    if (pageId && (await api(soak, soak.adminToken, "POST", "/api/offers/schedule-label", { pageId, type: "text", tags: ["soak"], message: `Soak offer ${n}` }))) figures.offers++;
  });

  if (onTick) every(tickSeconds * 1000, async (n) => (n ? onTick() : undefined));
  await Promise.all(loops);
  for (const socket of open) socket.disconnect();
  return figures;
}

/**
 * A deploy: the app and the worker stopped (SIGTERM, as an orchestrator does) and started again, the agent's
 * socket reconnected. New processes prepare their statements against the tables as they are now, so a plan
 * that only held while the tables were small shows after this (a process that started on an empty database
 * keeps the plans it made then: Postgres re-plans a prepared statement only when statistics or the schema change).
 */
export async function redeploy(soak: SoakWorld): Promise<void> {
  const { world } = soak;
  world.app.kill("SIGTERM");
  world.worker.kill("SIGTERM");
  await Promise.all([world.app.exited, world.worker.exited]);
  await Promise.all([world.startApp(), world.startWorker()]);
  soak.socket = moveAgentSocket(world, soak.socket);
  await soak.socket.joined;
}

/**
 * `count` customers with their conversations on the first Page, written straight to the database: months of
 * first contacts in a second. Processes started before keep the plans they made; a deploy after this plans
 * against the grown tables, where a statement that reads the Page's customers shows at once.
 */
export async function seedCustomers(soak: SoakWorld, count: number): Promise<void> {
  const pageId = soak.world.pages[0]!.id;
  await soak.world.db.$executeRawUnsafe(
    `INSERT INTO customers (id, page_id, psid, name, profile_fetched_at)
     SELECT gen_random_uuid(), $1::uuid, (7900000000000000 + n)::text, 'Seeded ' || n, now() FROM generate_series(1, $2::int) AS n`,
    pageId,
    count,
  );
  await soak.world.db.$executeRawUnsafe(
    `INSERT INTO conversations (id, page_id, customer_id, last_message_text, last_message_at, updated_at)
     SELECT gen_random_uuid(), page_id, id, 'hello', now() - interval '1 day', now() FROM customers WHERE page_id = $1::uuid AND psid LIKE '79%'`,
    pageId,
  );
}

/** Waits until the worker processed every stored delivery. */
export async function settle(soak: SoakWorld, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && (await soak.world.db.webhookEvent.count({ where: { processedAt: null } })) > 0) await sleep(200);
}
