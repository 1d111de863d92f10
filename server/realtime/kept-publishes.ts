import type { Redis } from "ioredis";
import { logger } from "@/server/observability/log";

// The worker's publishes to the app servers, kept when they reach nobody (issue 41). While Redis is away a
// PUBLISH fails; just after it is back a PUBLISH succeeds but may reach no app server yet, each of which
// subscribes again on its own reconnect schedule (ioredis backs off up to 2 s). Both are kept and sent
// again every second until an app server takes them, for SETTLE_MS after Redis returned: late, but live.
// (One Redis restart once lost 30 messages' events this way: published to an empty channel.)

/** Publishes kept while nobody could take them (the newest this many). */
const KEPT_MAX = 10_000;
/** How often kept publishes are tried again after Redis is back. */
const RESEND_EVERY_MS = 1_000;
/** How long after Redis is back a publish that reached no subscriber is kept; later, no subscriber means no app server. */
const SETTLE_MS = 30_000;

export type KeptPublisher = {
  publish: (channel: string, message: Buffer) => Promise<unknown>;
  /** Redis is back: send what was kept, and keep what reaches nobody, for a while. */
  reconnected: () => void;
};

export function keptPublisher(redis: Redis): KeptPublisher {
  const kept: [string, Buffer][] = [];
  let settlingUntil = 0;
  let resending: NodeJS.Timeout | null = null;
  // From the moment the connection drops: what ioredis sends from its offline queue when it is back, before
  // anyone could say so (reconnected), reaches no app server yet either.
  redis.on("close", () => void (settlingUntil = Infinity));
  const keep = (channel: string, message: Buffer) => {
    if (kept.push([channel, message]) > KEPT_MAX) kept.shift();
  };
  const publish = (channel: string, message: Buffer): Promise<unknown> =>
    redis.publish(channel, message).then(
      (receivers) => {
        if (receivers === 0 && Date.now() < settlingUntil) keep(channel, message);
      },
      (error: Error) => {
        logger().error(`realtime publish failed, kept to send again: ${error.message}`);
        keep(channel, message);
      },
    );
  const resend = () => {
    kept.splice(0).forEach(([channel, message]) => void publish(channel, message));
    if (Date.now() >= settlingUntil && resending) {
      clearInterval(resending);
      resending = null;
    }
  };
  return {
    publish,
    reconnected() {
      settlingUntil = Date.now() + SETTLE_MS;
      resending ??= setInterval(resend, RESEND_EVERY_MS);
      resending.unref();
    },
  };
}
