import type { DatasetInfo } from "./dataset";
import type { Scenario } from "./scenarios";
import type { AppServer } from "./app-server";
import type { createClients } from "./prisma";

// What run.ts hands every benchmark: options, the dataset, and lazily started shared resources.

export type Options = {
  fresh: boolean;
  quick: boolean;
  rebuild: boolean;
  only: string[] | null;
};

export type BenchContext = {
  options: Options;
  dataset: DatasetInfo;
  log: (line: string) => void;
  scenarios: () => Promise<Scenario[]>;
  clients: () => ReturnType<typeof createClients>;
  /** The production app server and the Messenger simulator, started on first use. */
  app: () => Promise<AppServer>;
};

export type Bench = {
  name: string;
  /** Needs the production server (skipped with a reason when it cannot start). */
  needsApp?: boolean;
  /** Runs only when named in --only. */
  optIn?: boolean;
  run: (ctx: BenchContext) => Promise<Record<string, unknown>>;
};

/** Sizes of a run: --quick for a smoke run of every benchmark. */
export function budget(options: Options) {
  return options.quick
    ? { warmup: 5, iterations: 40, scenarioMs: 4_000, ackSeconds: 5, ingestMessages: 600, socketSeconds: 6 }
    : { warmup: 25, iterations: 300, scenarioMs: 15_000, ackSeconds: 20, ingestMessages: 4_000, socketSeconds: 20 };
}
