import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { createSimulator, type Simulator } from "@/tools/simulator/create-simulator";
import { APP_URL, BENCH, benchEnv } from "./config";
import { benchNodeArgs } from "./load-child";
import { PAGE_A, PAGE_B, WEBHOOK_CUSTOMERS, webhookPsid } from "./dataset";
import { UI_PSID } from "./ui-world";

// The real production app server (`NODE_ENV=production tsx server/index.ts` on the `.next-bench` build),
// the worker (`tsx workers/index.ts`: it processes the webhooks the server acknowledges) and the Messenger
// simulator as the Graph API (profile lookups), all on 127.0.0.1 only.

const ROOT = process.cwd();
const BUILD_ID = path.join(ROOT, BENCH.distDir, "BUILD_ID");
const SOURCE_DIRS = ["app", "server", "lib", "components"];

export type AppServer = {
  url: string;
  /** The server's pid (node --import tsx: the server runs in this process itself). */
  pid: number;
  /** The node process that runs the server: the one whose inspector is armed (the same as pid). */
  serverNodePid: () => number;
  /** The worker's pid (webhook processing runs there). */
  workerPid: number;
  sim: Simulator;
  /** Facts about the build the server runs. */
  build: { builtNow: boolean; buildSeconds: number | null; builtAt: string; staleSources: string[] };
  /** The server's stdout/stderr so far (for diagnosing a failed run). */
  output: () => string;
  stop: () => Promise<void>;
};

function run(cmd: string, args: string[], env: Record<string, string>, timeoutMs: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (c) => (output += c));
    child.stderr.on("data", (c) => (output += c));
    const timer = setTimeout(() => child.kill("SIGTERM"), timeoutMs);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Source files changed since the build: the server would run older route code than the tree holds. */
function newerThanBuild(): string[] {
  const builtAt = statSync(BUILD_ID).mtimeMs;
  const newer: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "generated" && entry.name !== "node_modules") walk(full);
      } else if (/\.(ts|tsx)$/.test(entry.name) && statSync(full).mtimeMs > builtAt) newer.push(path.relative(ROOT, full));
    }
  };
  for (const dir of SOURCE_DIRS) walk(path.join(ROOT, dir));
  return newer;
}

function restoreTsconfig(file: string, before: string, log: (line: string) => void) {
  const after = readFileSync(file, "utf8");
  if (after === before) return;
  const ours = (p: string) => p.startsWith(`${BENCH.distDir}/`);
  try {
    const a = JSON.parse(after) as { include?: string[] };
    const b = JSON.parse(before) as { include?: string[] };
    if (b.include?.some(ours)) return; // someone added them on purpose
    const strip = (c: { include?: string[] }) => JSON.stringify({ ...c, include: c.include?.filter((p) => !ours(p)) });
    if (strip(a) === strip(b)) {
      writeFileSync(file, before); // only next's change: the file goes back byte for byte
      return;
    }
    // Others changed it too (e.g. their own builds with other dist dirs): take out only our two entries.
    const lines = after.split("\n");
    const kept = lines.filter((line) => !new RegExp(`^\\s*"${BENCH.distDir.replace(".", "\\.")}/(dev/)?types/\\*\\*/\\*\\.ts",?\\s*$`).test(line));
    for (let i = 0; i < kept.length - 1; i++) {
      if (/^\s*\]/.test(kept[i + 1]!) && kept[i]!.trimEnd().endsWith(",")) kept[i] = kept[i]!.trimEnd().slice(0, -1);
    }
    const text = kept.join("\n");
    const parsed = JSON.parse(text) as { include?: string[] };
    if (strip(parsed) === strip(a) && !parsed.include?.some(ours)) {
      writeFileSync(file, text);
      log("app: tsconfig.json was also changed by others during the build; removed only next's .next-bench entries");
      return;
    }
  } catch {
    // unparsable: leave it to its owner
  }
  log("app: warning: could not take next's .next-bench entries out of tsconfig.json; left as it is");
}

export async function ensureBuild(rebuild: boolean, log: (line: string) => void) {
  if (existsSync(BUILD_ID) && !rebuild) return { builtNow: false, buildSeconds: null };
  log(`app: building the production bundle into ${BENCH.distDir} (next build)…`);
  const started = performance.now();
  // next build adds `${distDir}/types/**` to tsconfig.json's include (and reformats it); that file is not
  // ours, so it is put back exactly as it was when that was the only change.
  const tsconfig = path.join(ROOT, "tsconfig.json");
  const before = readFileSync(tsconfig, "utf8");
  let result: { code: number | null; output: string };
  try {
    result = await run(process.execPath, ["node_modules/next/dist/bin/next", "build"], benchEnv(), 10 * 60_000);
  } finally {
    restoreTsconfig(tsconfig, before, log);
  }
  const { code, output } = result;
  if (code !== 0) throw new Error(`next build failed (exit ${code}):\n${output.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "").slice(-2500)}`);
  const buildSeconds = Math.round((performance.now() - started) / 100) / 10;
  log(`app: built in ${buildSeconds} s`);
  return { builtNow: true, buildSeconds };
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

const children = new Set<ChildProcess>();
/** Last resort if the orchestrator dies: never leave the server or the worker running. */
process.once("exit", () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});

/**
 * A child run as production runs it (`node --import tsx`, package.json's start and worker), its output
 * kept; stop() sends SIGTERM, then SIGKILL after 10 s. BENCH_NODE_ARGS adds Node flags to both (and to the
 * load generator and its agents), e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` for a CPU profile of each (Node
 * refuses those in NODE_OPTIONS).
 */
function startChild(entry: string, extraEnv: Record<string, string> = {}) {
  const child = spawn(process.execPath, [...benchNodeArgs(), "--import", "tsx", entry], { cwd: ROOT, env: { ...process.env, ...benchEnv(), ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  let output = "";
  child.stdout!.on("data", (c) => (output += c));
  child.stderr!.on("data", (c) => (output += c));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    children.delete(child);
  };
  return { child, output: () => output, stop };
}

export async function startApp(options: { rebuild: boolean; log: (line: string) => void }): Promise<AppServer> {
  const { log } = options;
  for (const port of [BENCH.appPort, BENCH.simulatorPort]) {
    if (await portInUse(port)) throw new Error(`port ${port} is already in use on 127.0.0.1; stop whatever listens there (a previous bench?) and retry`);
  }
  const build = await ensureBuild(options.rebuild, log);
  const staleSources = newerThanBuild();
  if (staleSources.length) log(`app: note: ${staleSources.length} source files are newer than the build (use --rebuild to refresh it)`);

  const sim = await createSimulator({
    port: BENCH.simulatorPort,
    webhookUrl: "", // the benchmarks deliver webhooks themselves
    appSecret: BENCH.appSecret,
    verifyToken: BENCH.verifyToken,
    pages: [PAGE_A, PAGE_B].map((p) => ({ pageId: p.facebookPageId, name: p.name, accessToken: p.token })),
    customers: [
      ...Array.from({ length: WEBHOOK_CUSTOMERS + 1 }, (_, i) => ({ pageId: PAGE_B.facebookPageId, psid: webhookPsid(i), firstName: "Bench", lastName: `Customer${i}` })),
      // The browser bench's long thread (ui-world.ts), its window open: its sends must reach a customer Meta
      // knows, or every one fails and "send" measures a failure (a 502 each, as it did until 2026-12-07).
      { pageId: PAGE_A.facebookPageId, psid: UI_PSID, firstName: "Bench", lastName: "Long Thread", lastMessageAt: Date.now() },
    ],
  });

  // The inspector armed, not open (no cost): a bench that wants memory after GC opens it (tests/support/inspector.ts).
  const server = startChild("server/index.ts", { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --inspect-port=127.0.0.1:${BENCH.inspectPort}`.trim() });
  const worker = startChild("workers/index.ts");
  const child = server.child;
  const output = () => `${server.output()}\n--- worker ---\n${worker.output()}`;
  const stop = async () => {
    await Promise.all([server.stop(), worker.stop()]);
    await sim.close();
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await sim.close();
      await worker.stop();
      throw new Error(`the app server exited with ${child.exitCode} before it was healthy:\n${output().slice(-3000)}`);
    }
    try {
      const res = await fetch(`${APP_URL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the app server was not healthy within 90 s:\n${output().slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  // Webhooks are processed by the worker: no timed run before it is up.
  while (!/webhook ingest draining/.test(worker.output())) {
    if (worker.child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the worker did not start:\n${worker.output().slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  log(`app: production server ready on ${APP_URL}, worker running (simulator on ${sim.url})`);
  return { url: APP_URL, pid: child.pid!, serverNodePid: () => child.pid!, workerPid: worker.child.pid!, sim, build: { ...build, builtAt: statSync(BUILD_ID).mtime.toISOString(), staleSources: staleSources.slice(0, 20) }, output, stop };
}
