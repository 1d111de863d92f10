// `tsx tests/bench/socket-memory.ts [sockets=1000] [--snapshots] [--keep=<dir>]` — where the app server's
// memory per socket goes (issue #13: 1 000 sockets ≤ 30 MB). A diagnostic, not a benchmark with a bar: it
// starts the bench's production server and worker (the bench's database, Redis db and free ports,
// lib/config.ts), warms it up the way the sockets bench does (Next has served a request, a few sockets came
// and went), opens the server's inspector (tests/support/inspector.ts) and reads `process.memoryUsage()` inside the
// server and the RSS of its process tree: before the sockets and 0.5 s after N sockets joined one page's
// room, as they are (the moments of the sockets bench's RSS figure), then after three forced collections with
// the sockets and after they left. With --snapshots it also collects and takes a heap snapshot before the
// sockets and with them, and prints what grew, by constructor; with --alloc, where the memory allocated while
// the sockets connect (garbage included) was allocated. Prints one JSON line on stdout.
import "./lib/config";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { io as connect, type Socket } from "socket.io-client";
import { APP_URL, BENCH } from "./lib/config";
import { startApp } from "./lib/app-server";
import { treeCpuMs } from "../support/cpu";
import { ensureDataset } from "./lib/dataset";
import { openInspector, settledMemory, treeRssKb, type Inspector, type SettledMemory } from "../support/inspector";
import { prepareLoadWorld } from "./lib/load-world";

const COUNT = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 1000);
const SNAPSHOTS = process.argv.includes("--snapshots");
/** --alloc: sample every allocation while the sockets connect, garbage included, and print where it was made. */
const ALLOC = process.argv.includes("--alloc");
/** --keep=<dir>: leave the heap snapshots there (for a closer look in DevTools' Memory tab). */
const KEEP = process.argv.find((a) => a.startsWith("--keep="))?.slice("--keep=".length);
const log = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

type AllocNode = { callFrame: { functionName: string; url: string; lineNumber: number }; selfSize: number; children: AllocNode[] };

/** Sampled allocations per socket, by the package or source folder that made them and by function. */
function printAllocations(head: AllocNode) {
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  const where = (url: string) => {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    if (pkg) return pkg;
    const src = /\/(app|server|lib|workers)\/([^/]+)/.exec(url);
    if (src) return `${src[1]}/${src[2]}`;
    return url.startsWith("node:") ? url : url ? "other" : "(native / V8)";
  };
  // A frame's allocation is charged to the first frame up the stack that is not Node's own or V8's.
  const walk = (node: AllocNode, owner: string, ownerFn: string) => {
    const url = node.callFrame.url;
    const mine = url && !url.startsWith("node:");
    const place = mine ? where(url) : owner;
    const fn = mine ? `${node.callFrame.functionName || "(anonymous)"} ${where(url)}:${node.callFrame.lineNumber + 1}` : ownerFn;
    total += node.selfSize;
    byPlace.set(place, (byPlace.get(place) ?? 0) + node.selfSize);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child, place, fn);
  };
  walk(head, "(root)", "(root)");
  const show = (title: string, map: Map<string, number>, n: number) => {
    log(`  allocated while connecting, ${title} (KB per socket; ${Math.round(total / COUNT / 1024)} KB in all):`);
    for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) log(`  ${(v / COUNT / 1024).toFixed(1).padStart(7)}  ${k}`);
  };
  show("by package or folder", byPlace, 20);
  show("by function", byFunction, 30);
}

type Snapshot = { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[]; strings: string[] };

/** Self size and count per "type:constructor" (objects by constructor name, closures by function name). */
function histogram(file: string): Map<string, { n: number; bytes: number }> {
  const snap = JSON.parse(readFileSync(file, "utf8")) as Snapshot;
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ["type", "name", "self_size"].map((f) => fields.indexOf(f)) as [number, number, number];
  const out = new Map<string, { n: number; bytes: number }>();
  for (let i = 0; i < snap.nodes.length; i += fields.length) {
    const type = types[snap.nodes[i + typeAt]!]!;
    const name = type === "object" || type === "closure" || type === "native" ? snap.strings[snap.nodes[i + nameAt]!]! : "";
    const key = `${type}:${name.slice(0, 60)}`;
    const e = out.get(key) ?? { n: 0, bytes: 0 };
    e.n++;
    e.bytes += snap.nodes[i + sizeAt]!;
    out.set(key, e);
  }
  return out;
}

async function main() {
  const dataset = await ensureDataset({ log });
  const app = await startApp({ rebuild: false, log });
  const sockets: Socket[] = [];
  const dir = KEEP ?? path.join(os.tmpdir(), `sb-socket-memory-${process.pid}`);
  let cdp: Inspector | null = null;
  try {
    const world = await prepareLoadWorld(dataset, app.sim);
    const page = world.pages[2]!;
    const open = async (i: number) => {
      const socket = connect(APP_URL, { auth: { token: world.agents[i % world.agents.length]!.token }, transports: ["websocket"], reconnection: false, timeout: 30_000 });
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", (e) => reject(new Error(`socket connect failed: ${e.message}`)));
      });
      const ack = (await socket.timeout(20_000).emitWithAck("join-page", { pageId: page.id })) as { ok: boolean; error?: string };
      if (!ack.ok) throw new Error(`join-page refused: ${ack.error}`);
      return socket;
    };
    // Warm-up as in the bench: Next has answered (it installs its own upgrade listener on its first request),
    // and the socket code paths ran once.
    await fetch(`${APP_URL}/api/health`);
    for (const s of await Promise.all(Array.from({ length: 25 }, (_, i) => open(i)))) s.disconnect();
    await sleep(1000);

    cdp = await openInspector(app.serverNodePid(), BENCH.inspectPort);
    const c = cdp;
    const mb = (b: number) => Math.round((b / 1048576) * 100) / 100;
    // `settle`: after three forced collections; otherwise as it is at that moment (what the bench's RSS sees).
    const measure = async (label: string, settle: boolean) => {
      const mem = settle ? await settledMemory(c, app.pid) : { ...(await c.evaluate<Omit<SettledMemory, "treeRssKb">>("process.memoryUsage()")), treeRssKb: treeRssKb(app.pid) };
      const clients = await c.evaluate<number>("globalThis.switchboardIo?.engine.clientsCount ?? -1");
      const row = { label, settled: settle, clients, treeRssMb: mb(mem.treeRssKb * 1024), rssMb: mb(mem.rss), heapUsedMb: mb(mem.heapUsed), heapTotalMb: mb(mem.heapTotal), externalMb: mb(mem.external), arrayBuffersMb: mb(mem.arrayBuffers) };
      log(`  ${JSON.stringify(row)}`);
      return row;
    };
    type Row = Awaited<ReturnType<typeof measure>>;
    const perSocketKb = (a: Row, b: Row) => {
      const kb = (x: number, y: number) => Math.round(((y - x) * 1024 * 1024) / COUNT / 102.4) / 10;
      return { treeRss: kb(a.treeRssMb, b.treeRssMb), heapUsed: kb(a.heapUsedMb, b.heapUsedMb), heapTotal: kb(a.heapTotalMb, b.heapTotalMb), external: kb(a.externalMb, b.externalMb), arrayBuffers: kb(a.arrayBuffersMb, b.arrayBuffersMb) };
    };

    const rawBefore = await measure("before, no GC", false);
    const settledBefore = SNAPSHOTS ? await measure("before", true) : null;
    if (SNAPSHOTS) {
      if (!KEEP) rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      await c.snapshot(path.join(dir, "before.heapsnapshot"));
    }
    if (ALLOC) await c.send("HeapProfiler.startSampling", { samplingInterval: 8192, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    const cpuBefore = treeCpuMs(app.pid);
    const connectStarted = performance.now();
    for (let start = 0; start < COUNT; start += 25) {
      sockets.push(...(await Promise.all(Array.from({ length: Math.min(25, COUNT - start) }, (_, k) => open(start + k)))));
    }
    const connecting = { seconds: Math.round(performance.now() - connectStarted) / 1000, serverCpuMsPerSocket: cpuBefore === null ? null : Math.round(((treeCpuMs(app.pid)! - cpuBefore) / COUNT) * 100) / 100 };
    log(`  ${COUNT} sockets connected and joined in ${connecting.seconds} s, server CPU ${connecting.serverCpuMsPerSocket} ms each`);
    if (ALLOC) printAllocations((await c.send<{ profile: { head: AllocNode } }>("HeapProfiler.stopSampling")).profile.head);
    await sleep(500);
    const rawWith = await measure(`with ${COUNT} sockets, 0.5 s after the last join, no GC`, false);
    const settledWith = await measure(`with ${COUNT} sockets`, true);
    if (SNAPSHOTS) await c.snapshot(path.join(dir, "with.heapsnapshot"));
    for (const s of sockets.splice(0)) s.disconnect();
    const deadline = performance.now() + 15_000;
    while ((await c.evaluate<number>("globalThis.switchboardIo?.engine.clientsCount ?? -1")) > 0 && performance.now() < deadline) await sleep(200);
    await sleep(1000);
    const settledAfter = await measure("after they left", true);

    const result: Record<string, unknown> = {
      sockets: COUNT,
      connecting,
      rows: [rawBefore, settledBefore, rawWith, settledWith, settledAfter].filter(Boolean),
      perSocketKb: {
        // What the sockets bench's RSS figure sees: no collection at either point.
        asTheBenchSeesIt: perSocketKb(rawBefore, rawWith),
        // What the sockets hold: after GC, with them minus after they left (RSS rarely shrinks back fully).
        heldAfterGc: perSocketKb(settledAfter, settledWith),
        ...(settledBefore ? { grewAfterGc: perSocketKb(settledBefore, settledWith) } : {}),
      },
    };
    log(`  per socket: ${JSON.stringify(result.perSocketKb)}`);
    if (SNAPSHOTS) {
      cdp.close();
      cdp = null;
      const a = histogram(path.join(dir, "before.heapsnapshot"));
      const b = histogram(path.join(dir, "with.heapsnapshot"));
      const grew = [...b.entries()]
        .map(([key, v]) => ({ key, n: v.n - (a.get(key)?.n ?? 0), bytes: v.bytes - (a.get(key)?.bytes ?? 0) }))
        .filter((g) => g.bytes > 0)
        .sort((x, y) => y.bytes - x.bytes);
      const total = grew.reduce((s, g) => s + g.bytes, 0);
      result.heapGrowthBytesPerSocket = Math.round(total / COUNT);
      result.topGrowth = grew.slice(0, 40).map((g) => ({ what: g.key, perSocket: Math.round((g.n / COUNT) * 100) / 100, bytesPerSocket: Math.round(g.bytes / COUNT) }));
      for (const g of result.topGrowth as { what: string; perSocket: number; bytesPerSocket: number }[]) log(`  ${String(g.bytesPerSocket).padStart(6)} B/socket  ${String(g.perSocket).padStart(6)} ×  ${g.what}`);
    }
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    for (const s of sockets) s.disconnect();
    cdp?.close();
    if (!KEEP) rmSync(dir, { recursive: true, force: true });
    await app.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    log(`socket-memory failed: ${error.stack ?? error.message}`);
    process.exit(1);
  },
);
