import type { AuthedSocket, RealtimeServer } from "@/server/realtime/types";
import { beat, markOffline, markOnline, ONLINE_HEARTBEAT_MS } from "@/server/realtime/online";
import { handOutAfter } from "@/server/services/ownership/fair-queue";
import { logger } from "@/server/observability/log";

// The app server's side of "who is online" (online.ts): each socket counts from its connection to its
// disconnect, and this instance's heartbeat keeps its sockets fresh, so an instance that dies stops counting.

const safely = (work: Promise<unknown>) => void work.catch((error: Error) => logger().error(`online: ${error.message}`));

function onDisconnect(this: AuthedSocket): void {
  safely(markOffline(this.data.actor.id, this.id));
}

/** On connection: the user is online; one who was not may be handed waiting conversations (fair queue). */
export function registerOnline(socket: AuthedSocket): void {
  const { id: userId, companyId } = socket.data.actor;
  socket.on("disconnect", onDisconnect);
  safely(
    markOnline(userId, socket.id).then(async (cameOnline) => {
      if (cameOnline && companyId && socket.connected) await handOutAfter("an agent came online", { companyId });
    }),
  );
}

/** Every ONLINE_HEARTBEAT_MS, this instance's sockets are written as alive; the returned function stops it. */
export function startOnlineHeartbeat(io: RealtimeServer): () => void {
  const timer = setInterval(() => {
    const sockets = [...io.of("/").sockets.values()].map((s) => ({ userId: s.data.actor.id, socketId: s.id }));
    safely(beat(sockets));
  }, ONLINE_HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}
