import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Every benchmark's figures go to tests/bench/results/<name>.json (git-ignored) and to stdout as JSON.

export const RESULTS_DIR = fileURLToPath(new URL("../results", import.meta.url));

export function machine() {
  const cpus = os.cpus();
  return { cpus: cpus.length, cpuModel: cpus[0]?.model ?? "unknown", memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.platform()} ${os.release()}` };
}

export function writeResult(name: string, figures: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  const body = { name, at: new Date().toISOString(), machine: machine(), ...(figures as object) };
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
  return file;
}
