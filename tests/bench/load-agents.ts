// The load benchmark's agent sockets, in their own process beside the load generator (load-generator.ts
// forks it): 50 agents are 50 browsers, not one event loop. In the generator's own process their parsing
// (up to 20 000 events a second) lagged its loop by up to 67 ms, and that lag was in every time it took —
// the acks, the reads, the sends (docs/performance/history-2026-11.md §6). Here they only record when each event arrived;
// the generator, which knows when each message was sent, turns that into latencies.
//
// IPC: the child says "ready" once every socket is connected and joined; the parent says "start" when it
// begins sending and "finish" after its last send; the child answers with its receipts once every socket
// has every message or the grace period ran out (and, when asked, the server's memory after GC, taken
// before it disconnects).
import { readFile } from "node:fs/promises";
import { connectLean, type LeanSocket } from "./lib/lean-socket";
import { EventFrames } from "./lib/event-frames";
import { openInspector, settledMemory, type SettledMemory } from "../support/inspector";
import { loopLagMeter } from "./lib/loop-lag";
import type { LoadPlan } from "./lib/load-plan";

export type AgentsReady = { type: "ready"; sockets: number };
export type AgentsResult = {
  type: "result";
  /** receipts[i * sockets + s]: when socket s got message i (wall ms), null if never. */
  receipts: (number | null)[];
  /** The worker's stamps carried by the first receipt of message i (BENCH_STAGE_TIMINGS). */
  writtenAt: (number | null)[];
  emittedAt: (number | null)[];
  /** Reply k: the first receipt by each socket, [socket, wall ms] (new-message: shown as sending). */
  replies: Record<number, [number, number][]>;
  /** Reply k: when each socket learnt Meta took it (message-updated, status sent). */
  confirmations: Record<number, [number, number][]>;
  duplicates: number;
  maxLagMs: number;
  cpuMs: number;
  settled?: { withSockets: SettledMemory; afterTheyLeft: SettledMemory; clientsLeft: number };
};
export type AgentsCommand = { type: "start" } | { type: "finish"; graceMs: number };

const wall = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const log = (line: string) => process.stderr.write(`  [load] ${line}\n`);

async function openSockets(plan: LoadPlan): Promise<LeanSocket[]> {
  const sockets: LeanSocket[] = [];
  // A few at a time: the server authenticates each with a database read.
  for (let start = 0; start < plan.sockets.length; start += 25) {
    const group = plan.sockets.slice(start, start + 25);
    sockets.push(
      ...(await Promise.all(
        group.map(async (spec) => {
          const socket = await connectLean(plan.appUrl, spec.token, 30_000);
          const join = async (event: string, data: unknown) => {
            const ack = (await socket.emitWithAck(event, data, 20_000)) as { ok: boolean; error?: string };
            if (!ack?.ok) throw new Error(`${event} refused: ${ack?.error}`);
          };
          for (const pageId of spec.pageIds) await join("join-page", { pageId });
          if (spec.conversationId) await join("join-conversation", { room: spec.conversationId });
          return socket;
        }),
      )),
    );
  }
  return sockets;
}

/** The server's memory after GC with the sockets connected, then once all of them left. */
async function settledServerMemory(settle: NonNullable<LoadPlan["settle"]>, treePid: number, sockets: LeanSocket[]) {
  const inspector = await openInspector(settle.serverNodePid, settle.inspectPort);
  try {
    const withSockets = await settledMemory(inspector, treePid);
    for (const socket of sockets) socket.close();
    const clients = () => inspector.evaluate<number>("globalThis.switchboardIo?.engine.clientsCount ?? -1");
    const deadline = performance.now() + 15_000;
    while ((await clients()) > 0 && performance.now() < deadline) await sleep(200);
    await sleep(1000); // the presence clean-up of the last ones
    const afterTheyLeft = await settledMemory(inspector, treePid);
    return { withSockets, afterTheyLeft, clientsLeft: await clients() };
  } finally {
    inspector.close();
  }
}

async function main() {
  const plan = JSON.parse(await readFile(process.argv[2]!, "utf8")) as LoadPlan;
  const count = plan.rate * plan.seconds;
  const sockets = await openSockets(plan);
  const S = sockets.length;
  const receipts = new Float64Array(count * S).fill(Number.NaN);
  const writtenAt = new Float64Array(count).fill(Number.NaN);
  const emittedAt = new Float64Array(count).fill(Number.NaN);
  const receivedBy = new Uint16Array(count);
  const replies: Record<number, [number, number][]> = {};
  const confirmations: Record<number, [number, number][]> = {};
  const noteReply = (into: Record<number, [number, number][]>, k: number, s: number, at: number) => {
    const list = (into[k] ??= []);
    if (!list.some(([seen]) => seen === s)) list.push([s, at]);
  };
  let duplicates = 0;
  const frames = new EventFrames(plan.tag);

  sockets.forEach((socket, s) => {
    socket.onEvent((frame) => {
      const at = wall();
      const event = frames.read(frame);
      if (event.kind === "load") {
        const i = event.i;
        if (!Number.isNaN(receipts[i * S + s]!)) return void duplicates++;
        receipts[i * S + s] = at;
        if (receivedBy[i]!++ === 0) {
          const stages = frames.stages(frame);
          if (stages) [writtenAt[i], emittedAt[i]] = stages;
        }
      } else if (event.kind === "reply") noteReply(replies, event.k, s, at);
      else if (event.kind === "reply-sent") noteReply(confirmations, event.k, s, at);
    });
  });

  const lag = loopLagMeter();
  let cpuAtStart = process.cpuUsage();

  const finish = (graceMs: number) => async () => {
    const deadline = performance.now() + graceMs;
    while (!receivedBy.every((n) => n >= S) && performance.now() < deadline) await sleep(50);
    await sleep(300); // the last replies' events
    const cpu = process.cpuUsage(cpuAtStart);
    const maxLagMs = lag.stop();
    const settled = plan.settle ? await settledServerMemory(plan.settle, plan.rssPids.server!, sockets) : undefined;
    for (const socket of sockets) socket.close();
    const orNull = (x: number) => (Number.isNaN(x) ? null : Math.round(x * 100) / 100);
    const result: AgentsResult = {
      type: "result",
      receipts: Array.from(receipts, orNull),
      writtenAt: Array.from(writtenAt, orNull),
      emittedAt: Array.from(emittedAt, orNull),
      replies,
      confirmations,
      duplicates,
      maxLagMs,
      cpuMs: (cpu.user + cpu.system) / 1000,
      settled,
    };
    process.send!(result, () => process.exit(0));
  };
  process.on("message", (command: AgentsCommand) => {
    if (command.type === "start") cpuAtStart = process.cpuUsage();
    else if (command.type === "finish") void finish(command.graceMs)().catch(fail);
  });
  process.send!({ type: "ready", sockets: S } satisfies AgentsReady);
  log(`${S} sockets connected and joined`);
}

function fail(error: Error): never {
  process.stderr.write(`agent sockets failed: ${error.stack ?? error.message}\n`);
  process.exit(1);
}

main().catch(fail);
