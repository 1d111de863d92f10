import { E2E } from "./env";

// Shared by the inbox specs: unique names and the Messenger simulator's control API.

const SIM = `http://127.0.0.1:${E2E.simulatorPort}`;

let seq = 0;
/** A name no other test uses, so tests sharing the database do not see each other's rows. */
export function unique(first: string): string {
  seq += 1;
  return `${first}${Date.now().toString(36).slice(-4)}${seq}`;
}

export async function simPost<T = Record<string, unknown>>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${SIM}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Changes the simulator's live settings (PATCH /sim/config), e.g. its latency injection. */
export async function simConfig(settings: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${SIM}/sim/config`, { method: "PATCH", headers: { "Content-Type": "application/json" }, body: JSON.stringify(settings) });
  if (!res.ok) throw new Error(`/sim/config answered ${res.status}: ${await res.text()}`);
}

/** Drops every failure still queued with POST /sim/errors. */
export async function simClearErrors(): Promise<void> {
  await fetch(`${SIM}/sim/errors`, { method: "DELETE" });
}
