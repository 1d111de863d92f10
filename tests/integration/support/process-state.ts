// Integration files share their worker's process (vitest.config.ts), yet each must start as in a process of
// its own: the process-wide state the app keeps on globalThis that describes the process — whether it is
// stopping, the parts it runs and their health, its metrics, its Socket.IO server — is forgotten before every
// file. A file that left a part down or the process draining once made the next file's readiness 503. The
// connections (Prisma, pg pools, Redis, the queue, the emitter) stay: the next file goes on with them.

export const PROCESS_CONDITION = ["switchboardDraining", "switchboardParts", "switchboardMetrics", "switchboardIo"] as const;

export function forgetProcessCondition(): void {
  const global = globalThis as Record<string, unknown>;
  for (const key of PROCESS_CONDITION) delete global[key];
}
