import { exitWithError } from "@/server/lifecycle/exit";
import { setPart } from "@/server/lifecycle/parts";
import { logger } from "@/server/observability/log";
import { startWebhookListener, type WebhookListener, type WebhookThreadData } from "@/server/services/inbound/listener/webhook-listener";

// The webhook listener thread, watched. A thread that exits without being told to (an error nothing caught,
// as a pg connection error was before issue 30) used to leave the app serving everything but Meta's
// deliveries, silently, with readiness still "ready". Now its death is logged, readiness says
// "webhookListener: down" until a new thread listens on the same port, and if threads keep dying (more than
// RESTARTS in WINDOW_MS) or a new one cannot listen, the process exits 1 so its supervisor restarts the
// whole app instead of it serving half.

export const WEBHOOK_LISTENER_PART = "webhookListener";
const RESTARTS = 3;
const WINDOW_MS = 60_000;

export type SupervisedListener = WebhookListener;

export async function superviseWebhookListener(options: WebhookThreadData, giveUp: (line: string) => void = exitWithError): Promise<SupervisedListener> {
  let current: WebhookListener;
  let stopping = false;
  const deaths: number[] = [];

  const start = (port: number) => startWebhookListener({ ...options, port }, { onExit: (code) => void replace(code) });

  async function replace(code: number): Promise<void> {
    if (stopping) return;
    setPart(WEBHOOK_LISTENER_PART, "down");
    const now = Date.now();
    deaths.push(now);
    while (deaths[0]! < now - WINDOW_MS) deaths.shift();
    if (deaths.length > RESTARTS) return giveUp(`the webhook listener thread exited ${deaths.length} times within ${WINDOW_MS / 1000} s; exiting so that the app is restarted whole`);
    logger().error(`the webhook listener thread exited (code ${code}); starting a new one on port ${current.port}`);
    try {
      current = await start(current.port);
      setPart(WEBHOOK_LISTENER_PART, "ok");
      logger().info(`the webhook listener listens again on port ${current.port}`);
    } catch (error) {
      giveUp(`the webhook listener thread could not be started again: ${(error as Error).message}`);
    }
  }

  current = await start(options.port);
  setPart(WEBHOOK_LISTENER_PART, "ok");
  return {
    get port() {
      return current.port;
    },
    get thread() {
      return current.thread;
    },
    async stop() {
      stopping = true;
      await current.stop();
    },
  };
}
