import { env } from "@/server/env";

// Benchmarks only (BENCH_STAGE_TIMINGS=1, set by tests/bench/load.ts): the worker adds the wall-clock
// times of its stages to each new-message, so the load generator (another process on the same machine)
// can split webhook → socket into stages. Off, it adds nothing to the payload and costs one boolean test.

let enabled: boolean | undefined;

/** Wall clock with sub-millisecond resolution, comparable across processes of one machine. */
export const wallClockMs = () => performance.timeOrigin + performance.now();

/** `{ stages: { writtenAt, emittedAt } }` when stage timings are on, else `{}`. */
export function benchStages(writtenAt: number): { stages?: { writtenAt: number; emittedAt: number } } {
  enabled ??= env().BENCH_STAGE_TIMINGS === "1";
  return enabled ? { stages: { writtenAt, emittedAt: wallClockMs() } } : {};
}
