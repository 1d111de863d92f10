import { markDraining } from "@/server/lifecycle/state";
import { logger } from "@/server/observability/log";

// SIGTERM (container stop, rolling deploy) and SIGINT: mark the process draining (readiness 503), run
// the process's own stop sequence, exit 0. If that sequence overruns SHUTDOWN_TIMEOUT_SECONDS by more than
// a margin, exit 1 anyway: orchestrators SIGKILL at 10 s (Kubernetes 30 s, compose 10 s by default).
export function onStopSignals(stop: (signal: string) => Promise<void>, timeoutSeconds: number): void {
  let stopping = false;
  const handle = (signal: string) => {
    if (stopping) return;
    stopping = true;
    markDraining();
    const started = Date.now();
    logger().info(`${signal}: draining (up to ${timeoutSeconds} s)`);
    setTimeout(() => {
      logger().error(`${signal}: still stopping after ${timeoutSeconds + 1.5} s; exiting now`);
      process.exit(1);
    }, (timeoutSeconds + 1.5) * 1000).unref();
    stop(signal).then(
      () => {
        logger().info(`${signal}: stopped cleanly in ${Date.now() - started} ms`);
        process.exit(0);
      },
      (error: Error) => {
        logger().error(`${signal}: stop failed: ${error.message}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => handle("SIGTERM"));
  process.on("SIGINT", () => handle("SIGINT"));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
