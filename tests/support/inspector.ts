import { readFileSync, writeFileSync } from "node:fs";
import WebSocket from "ws";

// Memory of the app server after garbage collection, read from inside it through the V8 inspector (Chrome
// DevTools Protocol). The bench starts the server with the inspector armed but closed (`--inspect-port`,
// app-server.ts: no cost until opened); SIGUSR1 opens it. Without a forced GC, an RSS difference also
// counts garbage not yet collected and a young generation V8 grew meanwhile: tens of MB either way.
// Self-contained (no server code), so the load generator can use it.

/** The process and its direct children (tsx runs the program in a child), from /proc, in KB. */
export function treeRssKb(pid: number): number {
  let total = 0;
  for (const p of [pid, ...childPids(pid)]) {
    try {
      const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"));
      total += m ? Number(m[1]) : 0;
    } catch {
      /* gone */
    }
  }
  return total;
}

export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

export type Inspector = {
  send: <T>(method: string, params?: Record<string, unknown>) => Promise<T>;
  evaluate: <T>(expression: string) => Promise<T>;
  /** Writes a heap snapshot (DevTools' Memory tab reads it). */
  snapshot: (file: string) => Promise<void>;
  close: () => void;
};

/**
 * Opens the inspector of `pid` (the node process itself, not a tsx parent) armed on `port`, and connects.
 * Only for a process started with `--inspect-port=<port>`: elsewhere SIGUSR1 would open the default 9229.
 */
export async function openInspector(pid: number, port: number): Promise<Inspector> {
  process.kill(pid, "SIGUSR1");
  let url: string | null = null;
  for (let i = 0; !url; i++) {
    try {
      const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
      url = targets[0]?.webSocketDebuggerUrl ?? null;
    } catch (error) {
      if (i > 100) throw new Error(`inspector of ${pid} not reachable on ${port}`, { cause: error });
    }
    if (!url) await new Promise((r) => setTimeout(r, 100));
  }
  const ws = new WebSocket(url, { perMessageDeflate: false, maxPayload: 1 << 30 });
  await new Promise<void>((resolve, reject) => ws.once("open", () => resolve()).once("error", reject));
  let nextId = 1;
  const pending = new Map<number, (r: { result?: unknown; error?: unknown }) => void>();
  const chunks: string[] = [];
  ws.on("message", (data) => {
    const msg = JSON.parse(data.toString()) as { id?: number; method?: string; params?: { chunk?: string }; result?: unknown; error?: unknown };
    if (msg.id !== undefined) pending.get(msg.id)?.(msg);
    else if (msg.method === "HeapProfiler.addHeapSnapshotChunk") chunks.push(msg.params?.chunk ?? "");
  });
  const send = <T>(method: string, params: Record<string, unknown> = {}) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, (r) => {
        pending.delete(id);
        if (r.error) reject(new Error(`${method}: ${JSON.stringify(r.error)}`));
        else resolve(r.result as T);
      });
      ws.send(JSON.stringify({ id, method, params }));
    });
  return {
    send,
    evaluate: async <T>(expression: string) => {
      const r = await send<{ result: { value: T }; exceptionDetails?: unknown }>("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true });
      if (r.exceptionDetails) throw new Error(`evaluate failed: ${JSON.stringify(r.exceptionDetails)}`);
      return r.result.value;
    },
    snapshot: async (file: string) => {
      chunks.length = 0;
      await send("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
      writeFileSync(file, chunks.join(""));
      chunks.length = 0;
    },
    close: () => ws.close(),
  };
}

export type SettledMemory = { treeRssKb: number; rss: number; heapUsed: number; heapTotal: number; external: number; arrayBuffers: number };

/** Three full collections a moment apart, then `process.memoryUsage()` inside and the tree's RSS. */
export async function settledMemory(inspector: Inspector, treePid: number): Promise<SettledMemory> {
  for (let i = 0; i < 3; i++) {
    await inspector.send("HeapProfiler.collectGarbage");
    await new Promise((r) => setTimeout(r, 300));
  }
  const m = await inspector.evaluate<Omit<SettledMemory, "treeRssKb">>("(({ rss, heapUsed, heapTotal, external, arrayBuffers }) => ({ rss, heapUsed, heapTotal, external, arrayBuffers }))(process.memoryUsage())");
  return { treeRssKb: treeRssKb(treePid), ...m };
}
