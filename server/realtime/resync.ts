import type { Redis } from "ioredis";
import { logger } from "@/server/observability/log";

// Sockets that stay connected through a Redis outage miss what happened meanwhile: the worker's events
// (published through Redis, server/realtime/emit.ts) and the other app instances' never reach them, and
// Socket.IO replays nothing. A browser refetches its list, open thread and counts when its own socket
// reconnects (lib/hooks/use-socket.ts), but here its socket never dropped. So when a Redis connection that
// carries events is ready again after a loss, the process announces a resync (SERVER_EVENTS.resync): the
// app server to its own sockets once its adapter is subscribed again, the worker to every socket once it
// can publish again — whichever side lost events says so (issue 30).

/**
 * Resolves once Redis has answered every command sent on `client` so far (a PING's answer comes after
 * theirs: one connection answers in order), or after `ms` if it does not answer. Used after a reconnect
 * (ioredis re-subscribes right after 'ready') and at start (the adapter's first SUBSCRIBEs, index.ts).
 */
export const commandsAnswered = (client: Redis, ms = 2000): Promise<void> =>
  Promise.race([client.ping().then(() => {}, () => {}), new Promise<void>((r) => setTimeout(r, ms).unref())]);

/** Calls `announce` each time `client` is ready again after having lost its connection. Returns a stop function. */
export function announceAfterReconnect(client: Redis, what: string, announce: () => void): () => void {
  let lost = false;
  const onClose = () => void (lost = true);
  const onReady = () => {
    if (!lost) return;
    lost = false;
    void commandsAnswered(client).then(() => {
      logger().info(`realtime: ${what}'s Redis is back; telling browsers to refetch what they may have missed`);
      announce();
    });
  };
  client.on("close", onClose);
  client.on("ready", onReady);
  return () => {
    client.off("close", onClose);
    client.off("ready", onReady);
  };
}
