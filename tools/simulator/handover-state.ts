// The simulator's handover-protocol memory (handover.ts has the rules): who holds each thread, our app's
// role per Page, and every change of hands.

export type SimRole = "primary_receiver" | "secondary_receiver";

export type SimHandoverState = {
  /** customerKey(page, psid) → the app id holding the thread; absent = the Page's primary receiver. */
  owners: Map<string, string>;
  /** page id → our app's role; absent = primary receiver. */
  roles: Map<string, SimRole>;
  /** Every take, pass and request, ours (via Graph) and the other apps' (via /sim/handover). */
  log: { pageId: string; psid: string; action: string; fromAppId: string | null; toAppId: string | null; by: string; metadata?: string; time: number }[];
};

export function createHandoverState(): SimHandoverState {
  return { owners: new Map(), roles: new Map(), log: [] };
}

/** Traffic (who holds which thread, the log) always; the Pages' roles only with everything else. */
export function resetHandoverState(state: SimHandoverState, all: boolean): void {
  state.owners.clear();
  state.log.length = 0;
  if (all) state.roles.clear();
}
