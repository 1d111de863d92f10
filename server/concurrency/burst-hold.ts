import { realClock, type Clock } from "@/server/concurrency/paced-gate";

// Holds background work back while a burst of the events that ask for it is on. Used by the profile
// lookups: a first contact's message is the ingest's dearest (customer and conversation created with it),
// and in a burst of new people (an ad, a viral post: 200 in a second) their lookups — a Graph call, a
// statement and a conversation-updated to every agent each — competed with the burst's own messages for the
// same CPU (docs/performance/history-2026-11.md §6, "Evening of 2026-11-26"). A lone new customer is looked up at once.

export type BurstHold = {
  /**
   * Records one request and runs `start` now, unless more than `size` requests came within `windowMs`: then
   * once that is no longer so, or after `maxHoldMs`, whichever comes first.
   */
  request(start: () => void): void;
  /** Requests held right now. */
  readonly held: number;
  /** Drops every held request without running it; returns how many there were. */
  cancelHeld(): number;
};


export function burstHold(limits: { windowMs: number; size: number; maxHoldMs: number; recheckMs: number }, clock: Clock = realClock): BurstHold {
  let arrivals: number[] = []; // request times within the window, oldest first
  let held: { since: number; start: () => void }[] = [];
  let timerSet = false;

  const burstOn = () => {
    const since = clock.now() - limits.windowMs;
    const fresh = arrivals.findIndex((t) => t > since);
    if (fresh !== 0) arrivals = fresh < 0 ? [] : arrivals.slice(fresh);
    return arrivals.length > limits.size;
  };

  const release = () => {
    timerSet = false;
    const on = burstOn();
    const now = clock.now();
    const due: typeof held = [];
    const still: typeof held = [];
    for (const h of held) (!on || now - h.since >= limits.maxHoldMs ? due : still).push(h);
    held = still;
    for (const h of due) h.start();
    schedule();
  };

  const schedule = () => {
    if (!held.length || timerSet) return;
    timerSet = true;
    clock.setTimeout(release, limits.recheckMs);
  };

  return {
    request(start) {
      arrivals.push(clock.now());
      if (!burstOn()) return start();
      held.push({ since: clock.now(), start });
      schedule();
    },
    get held() {
      return held.length;
    },
    cancelHeld() {
      const dropped = held.length;
      held = [];
      return dropped;
    },
  };
}
