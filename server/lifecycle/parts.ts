// The parts a process runs beside its main server — the app's webhook listener thread, the worker's job
// runner and webhook drain — and whether each works now. Readiness (server/services/health.ts) lists them
// and is not ready while one is down; a part that cannot be brought back ends the process (exit 1), so
// its supervisor restarts it rather than a process serving half (issue 30). On globalThis for the same
// reason as state.ts.

export type PartState = "ok" | "down";

const globalForParts = globalThis as unknown as { switchboardParts?: Map<string, PartState> };
const parts = () => (globalForParts.switchboardParts ??= new Map());

export function setPart(name: string, state: PartState): void {
  parts().set(name, state);
}

/** Every part this process registered, by name. */
export function partStates(): Record<string, PartState> {
  return Object.fromEntries(parts());
}
