// `npm run bench [-- --fresh] [-- --quick] [-- --rebuild] [-- --only=services,http]`
// Opt-in benchmarks (prototypes, offers) run only when named in --only.
// Runs the benchmarks one after another on their own database (switchboard_bench) and Redis db 11, prints
// each result as one JSON line on stdout (progress goes to stderr) and writes tests/bench/results/<name>.json
// plus summary.json. Everything stops by itself: every loop is bounded in count and time, and the app
// server this starts is stopped at the end (or on Ctrl-C).
import "./lib/config";
import os from "node:os";
import { Redis } from "ioredis";
import { BENCH } from "./lib/config";
import type { Bench, BenchContext, Options } from "./lib/context";
import { cleanupWebhookData, ensureDataset } from "./lib/dataset";
import { createClients } from "./lib/prisma";
import { buildScenarios, type Scenario } from "./lib/scenarios";
import { startApp, type AppServer } from "./lib/app-server";
import { machine, writeResult } from "./lib/results";
import { cpuPressure, loadAverage } from "./lib/pressure";
import { servicesBench } from "./services";
import { explainBench } from "./explain";
import { httpBench } from "./http-api";
import { webhookAckBench } from "./webhook-ack";
import { webhookIngestBench } from "./webhook-ingest";
import { webhookSocketBench } from "./webhook-socket";
import { prototypesBench } from "./prototypes";
import { offersBench } from "./offers-bench";
import { reportsBench } from "./reports-bench";
import { uiBundleBench } from "./ui-bundle";
import { uiBrowserBench } from "./ui-browser";
import { loadBench } from "./load";
import { socketsBench } from "./sockets";
import { cleanupLoadData } from "./lib/load-world";
import { summarizeRun, summaryMarkdown } from "./summary";

const BENCHES: Bench[] = [servicesBench, explainBench, httpBench, webhookAckBench, webhookIngestBench, webhookSocketBench, loadBench, socketsBench, uiBundleBench, uiBrowserBench, prototypesBench, offersBench, reportsBench];

function parseOptions(argv: string[]): Options {
  const only = argv.find((a) => a.startsWith("--only="))?.slice("--only=".length);
  const known = new Set(["--fresh", "--quick", "--rebuild"]);
  for (const arg of argv) {
    if (!known.has(arg) && !arg.startsWith("--only=")) throw new Error(`unknown option ${arg} (use --fresh, --quick, --rebuild, --only=${BENCHES.map((b) => b.name).join(",")})`);
  }
  const names = only ? only.split(",").map((s) => s.trim()).filter(Boolean) : null;
  for (const name of names ?? []) if (!BENCHES.some((b) => b.name === name)) throw new Error(`no benchmark named ${name}`);
  return { fresh: argv.includes("--fresh"), quick: argv.includes("--quick"), rebuild: argv.includes("--rebuild"), only: names };
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const load = loadAverage;

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const runStarted = performance.now();
  log(`bench: ${os.cpus().length} cores, load average ${load().join(" ")}; database ${BENCH.databaseUrl}, redis ${BENCH.redisUrl}`);

  const flush = new Redis(BENCH.redisUrl, { maxRetriesPerRequest: 1 });
  await flush.flushdb(); // db 11 is the benchmark's own
  flush.disconnect();

  const dataset = await ensureDataset({ fresh: options.fresh, log });
  writeResult("dataset", { ...dataset, loadAverage: load() });
  process.stdout.write(`${JSON.stringify({ name: "dataset", ...dataset })}\n`);

  let clients: ReturnType<typeof createClients> | null = null;
  let scenarios: Promise<Scenario[]> | null = null;
  let app: Promise<AppServer> | null = null;
  const ctx: BenchContext = {
    options,
    dataset,
    log,
    clients: () => (clients ??= createClients()),
    scenarios: () => (scenarios ??= buildScenarios(dataset)),
    app: () => (app ??= startApp({ rebuild: options.rebuild, log })),
  };
  const stopAll = async () => {
    if (app) await (await app.catch(() => null))?.stop();
    app = null;
    if (clients) await clients.close();
    clients = null;
  };
  process.once("SIGINT", () => {
    log("bench: interrupted, stopping the app server…");
    void stopAll().finally(() => process.exit(130));
  });

  const results: Record<string, Record<string, unknown>> = {};
  let failed = false;
  try {
    for (const bench of BENCHES) {
      if (options.only ? !options.only.includes(bench.name) : bench.optIn) continue;
      log(`bench: ${bench.name} (load average ${load().join(" ")}; cpu pressure ${JSON.stringify(cpuPressure())})`);
      const loadBefore = load();
      const pressureBefore = cpuPressure();
      const started = performance.now();
      let result: Record<string, unknown>;
      try {
        result = await bench.run(ctx);
      } catch (error) {
        failed = true;
        result = { error: (error as Error).message };
        log(`bench: ${bench.name} failed: ${(error as Error).message}`);
      }
      result = { ...result, seconds: Math.round((performance.now() - started) / 100) / 10, loadAverageBefore: loadBefore, loadAverageAfter: load(), cpuPressureBefore: pressureBefore, cpuPressureAfter: cpuPressure() };
      results[bench.name] = result;
      writeResult(bench.name, result);
      process.stdout.write(`${JSON.stringify({ name: bench.name, ...result })}\n`);
    }
  } finally {
    await stopAll();
    // The load benchmarks clean up after themselves; this catches a run that died half-way, since leftover
    // rows would make the next run regenerate the dataset (its counts are checked).
    await cleanupLoadData().catch(() => 0);
    const removed = await cleanupWebhookData().catch(() => 0);
    if (removed) log(`bench: removed ${removed} webhook bench customers (and their conversations and messages)`);
  }

  const summary = summarizeRun(dataset, results, { seconds: Math.round((performance.now() - runStarted) / 1000), options });
  // The Markdown table rides inside summary.json (only *.json is git-ignored in results/).
  const markdown = summaryMarkdown(summary, machine(), load());
  writeResult("summary", { ...summary, markdown });
  log(`\n${markdown}`);
  process.stdout.write(`${JSON.stringify({ name: "summary", ...summary }, null, 2)}\n`);
  log(`bench: done in ${Math.round((performance.now() - runStarted) / 1000)} s; results in tests/bench/results/`);
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  log(`bench: ${(error as Error).stack ?? error}`);
  process.exit(1);
});
