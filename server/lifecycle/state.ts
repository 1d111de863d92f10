// Whether this process is stopping (SIGTERM received): readiness answers 503 from then on, so a balancer
// or orchestrator stops sending new work while the in-flight work finishes. On globalThis for the same
// reason as the metrics registry (Next's bundle and the server's modules share one process).
const globalForLifecycle = globalThis as unknown as { switchboardDraining?: boolean };

export function markDraining(): void {
  globalForLifecycle.switchboardDraining = true;
}

export function isDraining(): boolean {
  return globalForLifecycle.switchboardDraining === true;
}
