import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measurePath, memoryProbe, mixedTraffic, redeploy, seedCustomers, settle, startSoakWorld, type MemoryReading, type PathFigures, type SoakWorld } from "../soak/soak";

// The soak's guard in `npm test` (issue 40): the webhook → agent path measured fresh, then again after a
// minute of mixed traffic, and once more after 20 000 more customers and a deploy (new processes plan against
// the grown tables), in the same run, on a database that is never ANALYZEd (tests/soak/soak.ts).
// It fails when the path got more than 3× slower, or costs more than 3× the CPU per message, or the app's or
// the worker's heap after garbage collection keeps growing. Ratios of one run, never absolute times:
// `npm run soak` is the long version, with figures (docs/PERFORMANCE.md, "The soak").
// SOAK_SECONDS sets the mixed traffic's length (default 60), SOAK_RATE the messages a second (default 100).

const RATE = Number(process.env.SOAK_RATE ?? 100);
const MIXED_SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const MEASURE_SECONDS = 8;
/** Customers added before the deploy: a statement that reads the Page's customers costs 20 000 rows a person then. */
const GROWTH = 20_000;
/**
 * Below this, a fresh p95 is the machine's noise, not the path: the ratio is taken against it instead
 * (a fresh p95 of 6 ms would otherwise fail at 19 ms on a neighbour's burst).
 */
const NOISE_FLOOR_MS = 20;
/**
 * What a heap after GC may rise by over the run and by a minute without it being a trend: the worker's moves by
 * ±1 MB with the batches and lookups in flight. A leak of ~1.7 KB per message (every delivery kept, the
 * deliberate leak docs/PERFORMANCE.md "The soak" shows) grew it by 7 MB a minute at 100 messages a second.
 */
const HEAP_RISE_MB = 3;
const HEAP_MB_PER_MINUTE = 2;
/** How much slower than fresh the path may be after the traffic and after the deploy. */
const SLOWER_AT_MOST = 3;
/** Measurements after the traffic (and after the deploy) taken while the path looks too slow: see measureAfter. */
const MEASURE_ATTEMPTS = 3;

let soak: SoakWorld;

beforeAll(async () => {
  // One Page: every first contact lands on it, so a statement that reads the Page's customers shows soonest.
  soak = await startSoakWorld({ pages: 1 });
}, 240_000);

afterAll(async () => {
  await soak?.close();
}, 30_000);

/**
 * Growing = the least-squares slope of the heap after GC, from the reading after warm-up on, is above
 * HEAP_MB_PER_MINUTE and the heap rose by more than HEAP_RISE_MB: a heap that rose once while warming up and
 * then stayed, or moves around a level, is flat.
 */
function growth(readings: MemoryReading[], of: "app" | "worker"): { fromMb: number; toMb: number; mbPerMinute: number; growing: boolean } {
  const points = readings.slice(1).map((r) => ({ x: r.atSeconds / 60, y: r[of].heapUsedMb }));
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const mx = mean(points.map((p) => p.x));
  const my = mean(points.map((p) => p.y));
  const slope = points.reduce((sum, p) => sum + (p.x - mx) * (p.y - my), 0) / (points.reduce((sum, p) => sum + (p.x - mx) ** 2, 0) || 1);
  const fromMb = points[0]!.y;
  const toMb = points.at(-1)!.y;
  const mbPerMinute = Math.round(slope * 100) / 100;
  return { fromMb, toMb, mbPerMinute, growing: mbPerMinute > HEAP_MB_PER_MINUTE && toMb - fromMb > HEAP_RISE_MB };
}

/**
 * A measurement after the traffic, taken again while its p95 is over `limitMs` (MEASURE_ATTEMPTS in all), the
 * fastest kept and every attempt's lost messages counted. A slower path — a plan that reads the Page's
 * customers, a queue that keeps growing — is slow in every attempt; a neighbour's burst is in one: npm test
 * runs another file beside this one, and a file that starts app processes can hold both cores for seconds
 * (a run once measured 1 013 ms after the deploy at 121 ms fresh with fewer CPU milliseconds a message).
 */
async function measureAfter(tag: string, limitMs: number): Promise<PathFigures> {
  let best: PathFigures | undefined;
  let lost = 0;
  for (let attempt = 1; attempt <= MEASURE_ATTEMPTS; attempt++) {
    if (attempt > 1) await settle(soak);
    const figures = await measurePath(soak, { rate: RATE, seconds: MEASURE_SECONDS, tag: attempt === 1 ? tag : `${tag}${attempt}` });
    lost += figures.lost;
    if (!best || figures.socket.p95 < best.socket.p95) best = figures;
    if (best.socket.p95 <= limitMs) break;
  }
  return { ...best!, lost };
}

describe("the webhook → agent path after minutes of mixed traffic", () => {
  it("stays within 3× of fresh in the same run, and the app's and the worker's heaps stay flat", { timeout: MIXED_SECONDS * 1000 + 180_000 }, async () => {
    await measurePath(soak, { rate: RATE, seconds: 3, tag: "warm" });
    await settle(soak);
    const memory = memoryProbe(soak);
    const readings: MemoryReading[] = [await memory.read()];
    const fresh = await measurePath(soak, { rate: RATE, seconds: MEASURE_SECONDS, tag: "fresh" });
    const mixed = await mixedTraffic(soak, { rate: RATE, seconds: MIXED_SECONDS, tickSeconds: 10, onTick: async () => void readings.push(await memory.read()) });
    await settle(soak);
    const limitMs = SLOWER_AT_MOST * Math.max(fresh.socket.p95, NOISE_FLOOR_MS);
    const afterTraffic = await measureAfter("after", limitMs);
    await settle(soak);
    readings.push(await memory.read());
    await memory.close();
    // And after a deploy: new processes plan their statements against the tables as they have grown.
    await seedCustomers(soak, GROWTH);
    await redeploy(soak);
    await measurePath(soak, { rate: RATE, seconds: 3, tag: "rewarm" });
    const afterDeploy = await measureAfter("deployed", limitMs);
    const after = afterDeploy.socket.p95 > afterTraffic.socket.p95 ? afterDeploy : afterTraffic;
    const customers = await soak.world.db.customer.count();
    const figures = {
      rate: RATE,
      mixedSeconds: MIXED_SECONDS,
      customers,
      fresh,
      afterTraffic,
      afterDeploy,
      // The slower of the two measurements after the traffic, against fresh.
      socketP95Ratio: Math.round((after.socket.p95 / Math.max(fresh.socket.p95, NOISE_FLOOR_MS)) * 100) / 100,
      cpuRatio: Math.round((Math.max(afterTraffic.cpuMsPerMessage, afterDeploy.cpuMsPerMessage) / fresh.cpuMsPerMessage) * 100) / 100,
      mixed,
      app: growth(readings, "app"),
      worker: growth(readings, "worker"),
      readings,
    };
    console.log(`soak: ${JSON.stringify(figures)}`);

    expect(fresh.lost + afterTraffic.lost + afterDeploy.lost).toBe(0);
    expect(mixed.replies).toBeGreaterThan(0);
    expect(mixed.reads).toBeGreaterThan(0);
    expect(figures.socketP95Ratio, "webhook → socket p95 after the mixed traffic, over fresh").toBeLessThanOrEqual(SLOWER_AT_MOST);
    expect(figures.cpuRatio, "CPU per message (app, worker, Postgres) after the mixed traffic, over fresh").toBeLessThanOrEqual(3);
    expect(figures.app.growing, `app heap after GC: ${JSON.stringify(figures.app)}`).toBe(false);
    expect(figures.worker.growing, `worker heap after GC: ${JSON.stringify(figures.worker)}`).toBe(false);
  });
});
