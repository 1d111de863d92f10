import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LoadPlan } from "./load-plan";

/** BENCH_NODE_ARGS: Node flags for every process of the run (lib/app-server.ts), the generator's and the agents' too. */
export const benchNodeArgs = () => (process.env.BENCH_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);

// Runs tests/bench/load-generator.ts in its own process with a plan, returns the JSON result it wrote. Bounded:
// killed if it outlives the plan by far.

export async function runLoadGenerator<T>(plan: LoadPlan, log: (line: string) => void): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sb-load-"));
  const file = path.join(dir, "plan.json");
  const resultFile = path.join(dir, "result.json");
  writeFileSync(file, JSON.stringify(plan));
  try {
    return await new Promise<T>((resolve, reject) => {
      const child = spawn(process.execPath, [...benchNodeArgs(), "--import", "tsx", "tests/bench/load-generator.ts", file, resultFile], { cwd: process.cwd(), stdio: ["ignore", "ignore", "pipe"] });
      let err = "";
      child.stderr.on("data", (c: Buffer) => {
        err += c;
        for (const line of c.toString().split("\n").filter(Boolean)) log(line);
      });
      const limit = setTimeout(() => child.kill("SIGKILL"), (plan.seconds + plan.graceSeconds + 180) * 1000);
      child.on("exit", (code) => {
        clearTimeout(limit);
        try {
          if (code !== 0) throw new Error(`exit code ${code}`);
          resolve(JSON.parse(readFileSync(resultFile, "utf8")) as T);
        } catch (error) {
          reject(new Error(`load generator failed (${(error as Error).message}): ${err.slice(-2000)}`));
        }
      });
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
