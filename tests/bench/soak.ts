// `npm run soak` — the long soak (issue 40): the webhook → agent path with agents reading and replying,
// measured fresh, then every SOAK_CHECK_MINUTES while mixed traffic runs for SOAK_MINUTES (default 120),
// then again at the end and after a deploy, on a Postgres with autovacuum off (tests/soak/soak.ts), with the
// worker's database upkeep on as the product ships (SOAK_UPKEEP=0 turns it off).
// Prints one JSON line per phase on stdout, the ratios at the end, and writes tests/bench/results/soak.json.
//   SOAK_MINUTES=120 SOAK_RATE=200 SOAK_CHECK_MINUTES=30 npm run soak
// The guard in `npm test` is the few-minute version (tests/integration/soak.test.ts).
import "./lib/config";
import { measurePath, memoryProbe, mixedTraffic, redeploy, settle, startSoakWorld, type MemoryReading, type PathFigures, type SoakWorld } from "../soak/soak";
import { cpuPressure, loadAverage } from "./lib/pressure";
import { writeResult } from "./lib/results";
import { sleep } from "../support/stats";

const MINUTES = Number(process.env.SOAK_MINUTES ?? 120);
const RATE = Number(process.env.SOAK_RATE ?? 200);
const CHECK_MINUTES = Number(process.env.SOAK_CHECK_MINUTES ?? 30);
const RUN_SECONDS = 20;
const AGENTS = { readers: 20, repliers: 5 };
const TARGETS = { socketP95Ms: 50, socketP99Ms: 100, ackP99Ms: 20, listP95Ms: 25, threadP95Ms: 25, searchP95Ms: 50, replyP95Ms: 50 };

const log = (line: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** The bars of one measurement: the load bench's (docs/PERFORMANCE.md, "Targets"). */
function bars(run: PathFigures) {
  return {
    socketP95Ms: run.socket.p95,
    socketP99Ms: run.socket.p99,
    ackP99Ms: run.ack.p99,
    listP95Ms: run.reads?.list.p95 ?? Number.NaN,
    threadP95Ms: run.reads?.thread.p95 ?? Number.NaN,
    searchP95Ms: run.reads?.search.p95 ?? Number.NaN,
    replyP95Ms: run.replyToOtherAgent?.p95 ?? Number.NaN,
    lost: run.lost,
    cpuMsPerMessage: run.cpuMsPerMessage,
    appCpuMs: run.cpuSplit.app,
    workerCpuMs: run.cpuSplit.worker,
    postgresCpuMs: run.cpuSplit.postgres,
    generatorCpuMs: run.cpuSplit.generator,
  };
}
type Bars = ReturnType<typeof bars>;

/** `runs` measurements in a row; the median of each bar. */
async function measured(soak: SoakWorld, phase: string, runs: number): Promise<{ runs: Bars[]; median: Bars }> {
  const all: Bars[] = [];
  for (let i = 0; i < runs; i++) {
    await settle(soak);
    const run = bars(await measurePath(soak, { rate: RATE, seconds: RUN_SECONDS, tag: `${phase}${i}`, agents: AGENTS }));
    all.push(run);
    log(`${phase} run ${i + 1}/${runs}: ${JSON.stringify(run)}`);
  }
  const keys = Object.keys(all[0]!) as (keyof Bars)[];
  const result = { runs: all, median: Object.fromEntries(keys.map((k) => [k, median(all.map((r) => r[k]))])) as Bars };
  process.stdout.write(`${JSON.stringify({ phase, load: loadAverage(), cpuPressure: cpuPressure(), ...result })}\n`);
  return result;
}

function verdicts(m: Bars) {
  return Object.fromEntries(Object.entries(TARGETS).map(([k, target]) => [k, m[k as keyof Bars] <= target ? "PASS" : "MISS"]));
}

async function main() {
  log(`soak: ${MINUTES} min of mixed traffic at ${RATE} msg/s, checked every ${CHECK_MINUTES} min`);
  // The product as it ships: the worker's database upkeep on (SOAK_UPKEEP=0: off, as the guard runs it).
  const soak = await startSoakWorld({ upkeep: process.env.SOAK_UPKEEP !== "0" });
  const readings: MemoryReading[] = [];
  const checkpoints: { atMinutes: number; median: Bars }[] = [];
  try {
    await measurePath(soak, { rate: RATE, seconds: 10, tag: "warm" });
    const memory = memoryProbe(soak);
    const fresh = await measured(soak, "fresh", 3);
    readings.push(await memory.read());
    const started = Date.now();
    const elapsedMinutes = () => (Date.now() - started) / 60_000;
    let totals: Record<string, number> = {};
    while (elapsedMinutes() < MINUTES) {
      const seconds = Math.min(CHECK_MINUTES, MINUTES - elapsedMinutes()) * 60;
      const mixed = await mixedTraffic(soak, { rate: RATE, seconds, tickSeconds: 60, onTick: async () => void readings.push(await memory.read()) });
      totals = Object.fromEntries(Object.entries(mixed).map(([k, v]) => [k, (totals[k] ?? 0) + v]));
      readings.push(await memory.read());
      const at = Math.round(elapsedMinutes());
      log(`${at} min: ${JSON.stringify(totals)}; memory ${JSON.stringify(readings.at(-1))}`);
      if (elapsedMinutes() < MINUTES) checkpoints.push({ atMinutes: at, median: (await measured(soak, `at ${at} min`, 1)).median });
    }
    const after = await measured(soak, "after", 3);
    readings.push(await memory.read());
    await memory.close();
    await redeploy(soak);
    await sleep(2_000);
    await measurePath(soak, { rate: RATE, seconds: 5, tag: "rewarm" });
    const deployed = await measured(soak, "after a deploy", 3);
    const customers = await soak.world.db.customer.count();
    const messages = await soak.world.db.message.count();
    const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
    const summary = {
      minutes: MINUTES,
      rate: RATE,
      customers,
      messages,
      mixed: totals,
      fresh: { ...fresh.median, verdicts: verdicts(fresh.median) },
      after: { ...after.median, verdicts: verdicts(after.median) },
      deployed: { ...deployed.median, verdicts: verdicts(deployed.median) },
      ratios: {
        socketP95: ratio(after.median.socketP95Ms, fresh.median.socketP95Ms),
        socketP95AfterDeploy: ratio(deployed.median.socketP95Ms, fresh.median.socketP95Ms),
        cpuPerMessage: ratio(after.median.cpuMsPerMessage, fresh.median.cpuMsPerMessage),
      },
      memory: {
        app: { first: readings[0]!.app, last: readings.at(-1)!.app },
        worker: { first: readings[0]!.worker, last: readings.at(-1)!.worker },
      },
      checkpoints,
      runs: { fresh: fresh.runs, after: after.runs, deployed: deployed.runs },
      readings,
      load: loadAverage(),
    };
    process.stdout.write(`${JSON.stringify({ name: "soak", ratios: summary.ratios, fresh: summary.fresh, after: summary.after, deployed: summary.deployed, memory: summary.memory })}\n`);
    log(`written to ${writeResult("soak", summary)}`);
  } finally {
    await soak.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
