// A gate for background calls that must neither pile up nor come in bursts: at most `concurrent` run at
// once, and they start at most `perSecond` a second after the first `burst` (a token bucket). Used by the
// profile lookups: one new customer's name is looked up at once, but a burst of hundreds (a viral post, an
// ad) is spread over seconds instead of landing, with its Graph calls, statements and events, on the same
// second as their first messages (docs/performance/history-2026-11.md §6) — and Meta rate-limits a Page's calls anyway.

export type PacedGate = {
  /** Runs `work` when a slot and a start are free; settles as `work` does. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Calls started or waiting. */
  readonly pending: number;
  /** Rejects every call still waiting to start with a GateCancelled error; returns how many there were. */
  cancelWaiting(): number;
};

export class GateCancelled extends Error {
  constructor(reason = "cancelled before it started") {
    super(reason);
    this.name = "GateCancelled";
  }
}

/** What `run` rejects with at once when `maxWaiting` calls already wait: the backlog is full. */
export class GateFull extends GateCancelled {
  constructor() {
    super("the gate's backlog is full");
    this.name = "GateFull";
  }
}

/** Time for the profile lookups' pacing (this gate and burst-hold.ts); tests drive it by hand. */
export type Clock = { now: () => number; setTimeout: (fn: () => void, ms: number) => unknown };
export const realClock: Clock = { now: () => performance.now(), setTimeout: (fn, ms) => setTimeout(fn, ms) };

/**
 * `maxWaiting`: calls that may wait for a start at once; beyond it `run` refuses (GateFull) instead of letting
 * a backlog grow for as long as calls come faster than the pace — in memory, and ever later (issue 40: at 200
 * first contacts a second and 25 lookups a second, 175 more waited every second the soak lasted).
 */
export function pacedGate(limits: { concurrent: number; burst: number; perSecond: number; maxWaiting?: number }, clock: Clock = realClock): PacedGate {
  const waiting: { start: () => void; cancel: (error: Error) => void }[] = [];
  let active = 0;
  let tokens = limits.burst;
  let refilledAt = clock.now();
  let timerSet = false;

  const refill = () => {
    const now = clock.now();
    tokens = Math.min(limits.burst, tokens + ((now - refilledAt) * limits.perSecond) / 1000);
    refilledAt = now;
  };

  const pump = () => {
    refill();
    while (waiting.length && active < limits.concurrent && tokens >= 1) {
      tokens--;
      active++;
      waiting.shift()!.start();
    }
    // Waiting for a start, not for a slot: wake when the next token is due (a finishing call pumps too).
    if (waiting.length && active < limits.concurrent && !timerSet) {
      timerSet = true;
      clock.setTimeout(() => ((timerSet = false), pump()), Math.ceil(((1 - tokens) * 1000) / limits.perSecond));
    }
  };

  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (waiting.length >= (limits.maxWaiting ?? Number.POSITIVE_INFINITY)) throw new GateFull();
      await new Promise<void>((start, cancel) => {
        waiting.push({ start, cancel });
        pump();
      });
      try {
        return await work();
      } finally {
        active--;
        pump();
      }
    },
    get pending() {
      return active + waiting.length;
    },
    cancelWaiting() {
      const cancelled = waiting.splice(0);
      for (const call of cancelled) call.cancel(new GateCancelled());
      return cancelled.length;
    },
  };
}
