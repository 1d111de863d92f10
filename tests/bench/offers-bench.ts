// Bulk offer throughput: 10 000 people inside the 24 h window, one text offer, the real worker process
// (`tsx workers/index.ts`) at the default 40 msg/s against the Messenger simulator. Figures: total time
// against the ideal 10 000 / 40 = 250 s (target: within 2 %), the worker's CPU per message (utime+stime
// of the worker process from /proc, i.e. what process.cpuUsage() reports inside it), the highest number
// of sends in any one-second window, and duplicates (must be 0).
//
//   npx tsx tests/bench/offers-bench.ts            (standalone; ~4–5 minutes)
//   or from tests/bench/run.ts as the opt-in bench "offers" (--only=offers)
//
// It uses its own database (recreated: OFFERS_BENCH_DATABASE_URL, default switchboard_bench_offers), so the
// shared bench dataset is not touched, its own BullMQ queue name, and a simulator on a free port.
import "./lib/config";
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import os from "node:os";
import { pathToFileURL } from "node:url";
import { PrismaPg } from "@prisma/adapter-pg";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { PrismaClient } from "@/server/generated/prisma/client";
import { createSimulator } from "@/tools/simulator/create-simulator";
import { queueNameFor } from "@/server/queue/index";
import { encryptSecret } from "@/server/security/secret-box";
import { BENCH } from "./lib/config";
import type { Bench } from "./lib/context";
import { writeResult } from "./lib/results";
import { sleep, summarize } from "../support/stats";
import { recreateDatabase } from "../support/database";
import { migrateDeploy } from "../../prisma/scripts/migrate-lib";
import { JOBS } from "@/server/queue/jobs";

const RECIPIENTS = 10_000;
const RATE = 40;
const IDEAL_SECONDS = RECIPIENTS / RATE;
const TARGET_OVER_IDEAL_PERCENT = 2;
const FB_PAGE = "900000000000099";
const PAGE_TOKEN = "BENCH_PAGE_TOKEN_offers_00099";
const CLOCK_TICKS_PER_SECOND = 100; // getconf CLK_TCK on Linux

const databaseUrl = process.env.OFFERS_BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/switchboard_bench_offers";
const redisUrl = process.env.OFFERS_BENCH_REDIS_URL ?? BENCH.redisUrl;
const queuePrefix = `offers-bench-${process.pid}`;

type Log = (line: string) => void;

/** utime + stime of a process, in seconds (Linux /proc). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** tsx runs the script in a child process: that child is the worker whose CPU counts. */
function workerPid(tsxPid: number): number {
  const children = readFileSync(`/proc/${tsxPid}/task/${tsxPid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
  if (children.length !== 1) throw new Error(`expected one child of tsx (${tsxPid}), found ${children.length}`);
  return Number(children[0]);
}

async function seed(prisma: PrismaClient, log: Log) {
  const company = await prisma.company.create({ data: { name: "Offers Bench" } });
  const page = await prisma.page.create({ data: { companyId: company.id, name: "Offers Bench Page", facebookPageId: FB_PAGE, accessTokenEnc: encryptSecret(PAGE_TOKEN) } });
  const lastInboundAt = new Date(Date.now() - 60 * 60 * 1000);
  const people = Array.from({ length: RECIPIENTS }, (_, i) => ({ id: randomUUID(), psid: String(7_300_000_000_000_000n + BigInt(i)) }));
  for (let i = 0; i < people.length; i += 2_000) {
    const chunk = people.slice(i, i + 2_000);
    await prisma.customer.createMany({ data: chunk.map((p, j) => ({ id: p.id, pageId: page.id, psid: p.psid, name: `Bench Person ${i + j}` })) });
    await prisma.conversation.createMany({ data: chunk.map((p) => ({ pageId: page.id, customerId: p.id, lastInboundAt, lastMessageAt: lastInboundAt })) });
  }
  log(`offers: seeded ${RECIPIENTS} people inside the 24 h window`);
  return { company, page, people };
}

function startWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "workers/index.ts"], { detached: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
  let output = "";
  child.stdout!.on("data", (c) => (output += c));
  child.stderr!.on("data", (c) => (output += c));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  process.once("exit", () => {
    if (child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
  });
  return {
    pid: child.pid!,
    output: () => output,
    stop: async () => {
      child.kill("SIGTERM");
      const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The most sends that fell in any one-second window (sliding), from the simulator's timestamps. */
function maxPerSecond(times: number[]): number {
  let best = 0;
  for (let lo = 0, hi = 0; hi < times.length; hi++) {
    while (times[hi]! - times[lo]! >= 1_000) lo++;
    best = Math.max(best, hi - lo + 1);
  }
  return best;
}

export async function runOffersBench(log: Log): Promise<Record<string, unknown>> {
  log(`offers: database ${databaseUrl}, redis ${redisUrl}, queue prefix ${queuePrefix}`);
  await recreateDatabase(databaseUrl);
  await migrateDeploy(databaseUrl, { log: () => {} });
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max: 4 }) });
  const sim = await createSimulator({ port: 0, webhookUrl: "", pages: [{ pageId: FB_PAGE, name: "Offers Bench Page", accessToken: PAGE_TOKEN }] });
  let worker: ReturnType<typeof startWorker> | null = null;
  let queue: Queue | null = null;
  try {
    const { company, page, people } = await seed(prisma, log);
    const now = Date.now();
    for (const p of people) sim.state.customers.set(`${FB_PAGE}:${p.psid}`, { pageId: FB_PAGE, psid: p.psid, firstName: "Bench", lastName: p.psid, profileError: false, lastMessageAt: now - 60 * 60 * 1000, createdAt: now });

    worker = startWorker({ DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, QUEUE_PREFIX: queuePrefix, GRAPH_API_URL: sim.url, OFFER_RATE_PER_SECOND: String(RATE) });
    for (const deadline = Date.now() + 60_000; !/worker ready/.test(worker.output()); await sleep(100)) {
      if (Date.now() > deadline) throw new Error(`the worker did not start:\n${worker.output()}`);
    }
    const pid = workerPid(worker.pid);
    await sleep(2_000); // let start-up work settle before the CPU baseline
    const cpuBefore = cpuSeconds(pid);
    const loadBefore = os.loadavg().map((x) => Math.round(x * 100) / 100);

    const offer = await prisma.offer.create({ data: { companyId: company.id, pageId: page.id, createdByName: "bench", type: "text", message: "Bench offer: 20% off today", targetCount: RECIPIENTS } });
    // Its own producer: in run.ts this process's server config (queue name, Redis) belongs to other benches.
    queue = new Queue(queueNameFor(queuePrefix), { connection: new Redis(redisUrl, { maxRetriesPerRequest: null }) });
    const queuedAt = Date.now();
    await queue.add(JOBS.sendOffer.name, { offerId: offer.id }, { removeOnComplete: true });
    log(`offers: queued ${offer.id}; ideal ${IDEAL_SECONDS} s at ${RATE}/s`);

    let row = await prisma.offer.findUniqueOrThrow({ where: { id: offer.id } });
    for (let lastLog = Date.now(); row.status !== "completed"; row = await prisma.offer.findUniqueOrThrow({ where: { id: offer.id } })) {
      if (["paused", "failed", "cancelled"].includes(row.status)) throw new Error(`the offer stopped: ${row.status} ${row.statusReason}\n${worker.output().slice(-3000)}`);
      if (Date.now() - queuedAt > (IDEAL_SECONDS + 150) * 1000) throw new Error(`not done after ${IDEAL_SECONDS + 150} s (sent ${row.sentCount})\n${worker.output().slice(-3000)}`);
      if (Date.now() - lastLog > 30_000) {
        lastLog = Date.now();
        log(`offers: ${row.sentCount} sent after ${Math.round((Date.now() - queuedAt) / 1000)} s`);
      }
      await sleep(200);
    }
    const doneAt = Date.now();
    const cpuAfter = cpuSeconds(pid);
    const loadAfter = os.loadavg().map((x) => Math.round(x * 100) / 100);

    const times = sim.state.sent.map((s) => s.time).sort((a, b) => a - b);
    const perPsid = new Map<string, number>();
    for (const s of sim.state.sent) perPsid.set(s.psid, (perPsid.get(s.psid) ?? 0) + 1);
    const duplicates = [...perPsid.values()].reduce((sum, n) => sum + n - 1, 0);
    const ledger = await prisma.offerRecipient.groupBy({ by: ["status"], where: { offerId: offer.id }, _count: true });
    const runSeconds = (row.completedAt!.getTime() - row.startedAt!.getTime()) / 1000;
    const wallSeconds = (doneAt - queuedAt) / 1000;
    const firstToLastSeconds = ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 1000;
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    const overIdealPercent = Math.round(((runSeconds - IDEAL_SECONDS) / IDEAL_SECONDS) * 10_000) / 100;
    const cpuTotal = cpuAfter - cpuBefore;
    return {
      recipients: RECIPIENTS,
      ratePerSecond: RATE,
      idealSeconds: IDEAL_SECONDS,
      runSeconds: Math.round(runSeconds * 100) / 100, // job start (recipients resolved) → completed
      wallSeconds: Math.round(wallSeconds * 100) / 100, // queued → completed seen by polling (200 ms)
      firstToLastSendSeconds: Math.round(firstToLastSeconds * 100) / 100,
      overIdealPercent,
      withinTarget: overIdealPercent <= TARGET_OVER_IDEAL_PERCENT,
      sendGapMs: summarize(gaps),
      maxSendsInAnySecond: maxPerSecond(times),
      sent: sim.state.sent.length,
      uniqueRecipients: perPsid.size,
      duplicates,
      ledger: Object.fromEntries(ledger.map((g) => [g.status, g._count])),
      offerCounts: { sent: row.sentCount, skipped: row.skippedCount, failed: row.failedCount },
      workerCpuSeconds: Math.round(cpuTotal * 100) / 100,
      workerCpuMsPerMessage: Math.round((cpuTotal * 1000 * 1000) / RECIPIENTS) / 1000,
      workerCpuPercentOfOneCore: Math.round((cpuTotal / wallSeconds) * 1000) / 10,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadAfter,
    };
  } finally {
    await worker?.stop();
    await sim.close();
    await prisma.$disconnect();
    await queue?.obliterate({ force: true }).catch(() => {});
    await queue?.close();
  }
}

/** For tests/bench/run.ts: opt-in (`--only=offers`), since it takes ~4–5 minutes. */
export const offersBench: Bench = { name: "offers", optIn: true, run: (ctx) => runOffersBench(ctx.log) };

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const log: Log = (line) => process.stderr.write(`${line}\n`);
  runOffersBench(log)
    .then((figures) => {
      writeResult("offers", figures);
      process.stdout.write(`${JSON.stringify({ name: "offers", ...figures })}\n`);
      process.exit(0);
    })
    .catch((error: Error) => {
      log(`offers: ${error.stack ?? error.message}`);
      process.exit(1);
    });
}
