import type { RealtimeServer } from "@/server/realtime/types";

// The running Socket.IO server, held on globalThis (Next's route modules and ours share one process), apart
// from index.ts so that emitters and presence can reach it without importing what imports them.
const globalForIo = globalThis as unknown as { switchboardIo?: RealtimeServer };

/** The running Socket.IO server, for services that emit; undefined outside the app server (e.g. scripts). */
export function io(): RealtimeServer | undefined {
  return globalForIo.switchboardIo;
}

export function publishIo(server: RealtimeServer): void {
  globalForIo.switchboardIo = server;
}

/** Forgets `server` if it is still the published one (a newer server may have replaced it). */
export function unpublishIo(server: RealtimeServer): void {
  if (globalForIo.switchboardIo === server) globalForIo.switchboardIo = undefined;
}
