import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LoadPlan } from "../load-generator";

// Runs tests/bench/load-generator.ts in its own process with a plan, returns its JSON result. Bounded:
// killed if it outlives the plan by far.

export async function runLoadGenerator<T>(plan: LoadPlan, log: (line: string) => void, onProgress?: () => void): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sb-load-"));
  const file = path.join(dir, "plan.json");
  writeFileSync(file, JSON.stringify(plan));
  try {
    return await new Promise<T>((resolve, reject) => {
      const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "tests/bench/load-generator.ts", file], { cwd: process.cwd(), stdio: ["ignore", "pipe", "pipe"] });
      let out = "";
      let err = "";
      child.stdout.on("data", (c) => (out += c));
      child.stderr.on("data", (c: Buffer) => {
        err += c;
        for (const line of c.toString().split("\n").filter(Boolean)) log(line);
        onProgress?.();
      });
      const limit = setTimeout(() => child.kill("SIGKILL"), (plan.seconds + plan.graceSeconds + 180) * 1000);
      child.on("exit", (code) => {
        clearTimeout(limit);
        const last = out.trim().split("\n").at(-1);
        if (code === 0 && last) resolve(JSON.parse(last) as T);
        else reject(new Error(`load generator exited with ${code}: ${err.slice(-2000)}`));
      });
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
