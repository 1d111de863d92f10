import { Worker } from "node:worker_threads";
import { logger } from "@/server/observability/log";
import { metrics } from "@/server/observability/metrics";

// WEBHOOK_PORT (optional): Meta's webhook on a port of its own, served by a thread of the app process with
// its own event loop. On the main port an acknowledgement waits for the event loop behind whatever it is
// doing — relaying each message to every agent's socket, serving the inbox's reads — which at 200 messages
// a second put most of the ack's p99 before its handler even ran (docs/performance/history-2026-11.md §6). The thread only
// verifies, stores and acknowledges, with the same handlers; the main port keeps serving the same route, so
// routing the path to this port at the reverse proxy is an operator's choice, never a requirement
// (docs/ARCHITECTURE.md, "Running a fleet").

export const WEBHOOK_ROUTE = "/api/webhooks/messenger";

export type WebhookThreadData = { port: number; host: string; keepAliveMs: number };
export type ThreadCommand = { type: "stop" };
export type ListenerMessage =
  | { type: "listening"; port: number }
  | { type: "failed"; message: string }
  | { type: "acks"; acks: [status: number, seconds: number][] }
  | { type: "stopped" };

/** `thread`: for its supervisor (supervise-listener.ts) and tests. */
export type WebhookListener = { port: number; thread: Worker; stop: () => Promise<void> };

/**
 * Starts the thread and resolves once it listens (port 0: a free port, reported back). `onExit` hears of a
 * thread that ends without stop() having been called: it no longer serves (supervise-listener.ts).
 */
export function startWebhookListener(options: WebhookThreadData, events: { onExit?: (code: number) => void } = {}): Promise<WebhookListener> {
  // The boot file registers tsx in the thread itself; none of the process's flags are passed on.
  const thread = new Worker(new URL("./webhook-thread-boot.mjs", import.meta.url), { workerData: options, execArgv: [] });
  let stopping = false;
  let listening = false;
  let stopped: () => void = () => {};
  const whenStopped = new Promise<void>((resolve) => (stopped = resolve));
  thread.once("exit", (code) => {
    stopped();
    if (listening && !stopping) events.onExit?.(code);
  });
  // What ended it, in the log (an error thrown in the thread that nothing caught).
  thread.on("error", (error) => listening && logger().error({ err: error.message, stack: error.stack }, "the webhook listener thread failed"));

  return new Promise((resolve, reject) => {
    thread.once("error", reject);
    thread.on("message", (message: ListenerMessage) => {
      if (message.type === "listening") {
        listening = true;
        resolve({ port: message.port, thread, stop: () => stop() });
      }
      else if (message.type === "failed") reject(new Error(message.message));
      else if (message.type === "acks") record(message.acks);
      else if (message.type === "stopped") void thread.terminate();
    });
  });

  async function stop(): Promise<void> {
    stopping = true;
    thread.postMessage({ type: "stop" } satisfies ThreadCommand);
    await whenStopped;
  }
}

function record(acks: [number, number][]): void {
  const m = metrics();
  for (const [status, seconds] of acks) {
    m.webhookAck.observe({ status: String(status) }, seconds);
    m.httpDuration.observe({ method: "POST", route: WEBHOOK_ROUTE, status: String(status) }, seconds);
  }
}
