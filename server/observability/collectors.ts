import { queue } from "@/server/queue/index";
import { io } from "@/server/realtime/server";
import { metrics } from "@/server/observability/metrics";
import { webhookBacklog } from "@/server/observability/webhook-backlog";

// Gauges read at scrape time: shared state (backlog, queue) from Postgres and Redis, sockets from this
// instance's Socket.IO. A source that is down leaves its gauges at their last value; the scrape still answers.

const QUEUE_STATES = ["waiting", "active", "delayed", "failed", "completed", "prioritized"] as const;

async function collectWebhookBacklog(): Promise<void> {
  const { pending, oldestAgeSeconds } = await webhookBacklog();
  metrics().webhookBacklog.set(pending);
  metrics().webhookOldestAge.set(oldestAgeSeconds);
}

async function collectQueue(): Promise<void> {
  const counts = await queue().getJobCounts(...QUEUE_STATES);
  for (const state of QUEUE_STATES) metrics().queueJobs.set({ state }, counts[state] ?? 0);
}

function collectSockets(): void {
  const server = io();
  metrics().socketsConnected.set(server?.of("/").sockets.size ?? 0);
  // Rooms minus each socket's own private room (Socket.IO puts every socket in a room named by its id).
  const rooms = server ? [...server.of("/").adapter.rooms.keys()].filter((room) => !server.of("/").sockets.has(room)).length : 0;
  metrics().socketRooms.set(rooms);
}

export async function collectGauges(): Promise<void> {
  collectSockets();
  await Promise.allSettled([collectWebhookBacklog(), collectQueue()]);
}
