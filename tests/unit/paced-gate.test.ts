import { describe, expect, it } from "vitest";
import { GateCancelled, GateFull, pacedGate } from "@/server/concurrency/paced-gate";
import { burstHold } from "@/server/concurrency/burst-hold";

// The profile lookups' pacing on a hand-driven clock. The gate (server/concurrency/paced-gate.ts): a
// burst starts at once, the rest at the pace, and never more at once than the slots. The hold
// (burst-hold.ts): a few requests start at once; in a burst they wait until it has passed, or at most so long.

function manualClock() {
  let now = 0;
  const timers: { at: number; fn: () => void }[] = [];
  return {
    now: () => now,
    setTimeout: (fn: () => void, ms: number) => void timers.push({ at: now + ms, fn }),
    /** Moves time on, firing the timers that fall due in order. */
    async advance(ms: number) {
      const until = now + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > until) break;
        timers.shift();
        now = next.at;
        next.fn();
        await flush();
      }
      now = until;
      await flush();
    },
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

function startAll(gate: ReturnType<typeof pacedGate>, count: number, work: () => Promise<void> = async () => {}) {
  const started: number[] = [];
  const runs = Array.from({ length: count }, (_, i) => gate.run(async () => {
    started.push(i);
    await work();
  }));
  return { started, runs };
}

describe("paced gate", () => {
  it("starts a burst at once and the rest at the pace", async () => {
    const clock = manualClock();
    const gate = pacedGate({ concurrent: 100, burst: 3, perSecond: 10 }, clock);
    const { started, runs } = startAll(gate, 8);
    await flush();
    expect(started).toEqual([0, 1, 2]);
    await clock.advance(99);
    expect(started).toHaveLength(3);
    await clock.advance(1);
    expect(started).toHaveLength(4);
    await clock.advance(400);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    await Promise.all(runs);
    expect(gate.pending).toBe(0);
  });

  it("never runs more than its slots at once, and a finished call frees one", async () => {
    const clock = manualClock();
    const gate = pacedGate({ concurrent: 2, burst: 10, perSecond: 1000 }, clock);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { started, runs } = startAll(gate, 5, () => held);
    await clock.advance(1000);
    expect(started).toEqual([0, 1]);
    expect(gate.pending).toBe(5);
    release();
    await Promise.all(runs);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it("refills to the burst after a quiet spell, not beyond it", async () => {
    const clock = manualClock();
    const gate = pacedGate({ concurrent: 100, burst: 2, perSecond: 10 }, clock);
    await Promise.all(startAll(gate, 2).runs);
    await clock.advance(60_000);
    const { started } = startAll(gate, 5);
    await flush();
    expect(started).toEqual([0, 1]);
  });

  it("passes the work's result and its failure through, and frees the slot either way", async () => {
    const gate = pacedGate({ concurrent: 1, burst: 5, perSecond: 100 });
    await expect(gate.run(async () => 42)).resolves.toBe(42);
    await expect(gate.run(async () => Promise.reject(new Error("Graph said no")))).rejects.toThrow("Graph said no");
    await expect(gate.run(async () => "after")).resolves.toBe("after");
    expect(gate.pending).toBe(0);
  });

  it("cancels the calls still waiting (a shutdown) and lets the running ones finish", async () => {
    const clock = manualClock();
    const gate = pacedGate({ concurrent: 10, burst: 2, perSecond: 1 }, clock);
    const { started, runs } = startAll(gate, 5);
    const outcomes = Promise.allSettled(runs);
    await flush();
    expect(gate.cancelWaiting()).toBe(3);
    const settled = await outcomes;
    expect(started).toEqual([0, 1]);
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "fulfilled", "rejected", "rejected", "rejected"]);
    expect((settled[2] as PromiseRejectedResult).reason).toBeInstanceOf(GateCancelled);
    await clock.advance(10_000);
    expect(started).toEqual([0, 1]);
    expect(gate.pending).toBe(0);
  });

  it("refuses a call at once while its backlog is full, and takes calls again once it shrinks", async () => {
    const clock = manualClock();
    const gate = pacedGate({ concurrent: 1, burst: 1, perSecond: 1, maxWaiting: 2 }, clock);
    const { started, runs } = startAll(gate, 3);
    await flush();
    expect(started).toEqual([0]);
    await expect(gate.run(async () => "one too many")).rejects.toBeInstanceOf(GateFull);
    expect(gate.pending).toBe(2);
    await clock.advance(1_000);
    expect(started).toEqual([0, 1]);
    await expect(Promise.all([gate.run(async () => "room again"), clock.advance(2_000)])).resolves.toEqual(["room again", undefined]);
    await Promise.all(runs);
    expect(started).toEqual([0, 1, 2]);
  });
});

describe("burst hold", () => {
  const limits = { windowMs: 1000, size: 3, maxHoldMs: 3000, recheckMs: 100 };

  function requestAll(hold: ReturnType<typeof burstHold>, count: number, started: number[], from = 0) {
    for (let i = from; i < from + count; i++) hold.request(() => started.push(i));
  }

  it("starts requests at once while no more than its size come within the window", async () => {
    const clock = manualClock();
    const hold = burstHold(limits, clock);
    const started: number[] = [];
    requestAll(hold, 3, started);
    await clock.advance(1000);
    requestAll(hold, 3, started, 3);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(hold.held).toBe(0);
  });

  it("holds the requests beyond its size until the burst has left the window", async () => {
    const clock = manualClock();
    const hold = burstHold(limits, clock);
    const started: number[] = [];
    requestAll(hold, 10, started);
    expect(started).toEqual([0, 1, 2]);
    expect(hold.held).toBe(7);
    await clock.advance(900);
    expect(started).toHaveLength(3);
    await clock.advance(200); // the ten requests are older than the window now
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(hold.held).toBe(0);
  });

  it("lets a request wait no longer than maxHoldMs while the burst goes on", async () => {
    const clock = manualClock();
    const hold = burstHold(limits, clock);
    const started: number[] = [];
    requestAll(hold, 5, started); // 3 and 4 held at t=0
    const goOn = async (steps: number) => {
      for (let i = 0; i < steps; i++) {
        await clock.advance(100);
        requestAll(hold, 1, started, 100 + clock.now() / 100); // 10 a second: the burst never ends
      }
    };
    await goOn(29);
    expect(started).toEqual([0, 1, 2]);
    await goOn(1); // t = 3000
    expect(started).toEqual([0, 1, 2, 3, 4]);
    await goOn(30);
    expect(started).toEqual(expect.arrayContaining([101, 102, 129])); // each after its own 3 s
    expect(started).not.toContain(131);
  });

  it("drops the held requests on cancel", async () => {
    const clock = manualClock();
    const hold = burstHold(limits, clock);
    const started: number[] = [];
    requestAll(hold, 6, started);
    expect(hold.cancelHeld()).toBe(3);
    await clock.advance(10_000);
    expect(started).toEqual([0, 1, 2]);
  });
});
