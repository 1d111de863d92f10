import type { SimulatorSettings } from "./options";
import type { SimulatorState } from "./state";
import type { Tasks } from "./tasks";
import type { Agents } from "./webhook/request";

// What every handler may use: the state, the live settings and the simulator's fixed identity.

export type SimContext = {
  state: SimulatorState;
  settings: SimulatorSettings;
  tasks: Tasks;
  /** Connection pools for webhook POSTs, destroyed on close. */
  agents: Agents;
  appSecret: string;
  appId: string;
  verifyToken: string;
  /** Base URL for links the simulator hands out (avatars, attachments, samples). */
  publicUrl: () => string;
  now: () => number;
  log: (line: string) => void;
};

export function nextId(ctx: SimContext): number {
  return ctx.state.nextId++;
}
