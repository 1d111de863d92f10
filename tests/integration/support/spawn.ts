import { spawn, type ChildProcess } from "node:child_process";

// A TypeScript entry point (server, worker) as a real child process, with its output kept for assertions.

export type Spawned = {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
  waitFor: (pattern: RegExp, ms?: number) => Promise<void>;
  /** SIGKILL goes to the whole process group (it is detached); other signals to the process itself. */
  kill: (signal: NodeJS.Signals) => void;
};

export function spawnEntry(entry: string, env: Record<string, string | undefined> = {}): Spawned {
  // tsx as a loader in the process itself, as in production (package.json "start"): tsx's CLI would run it
  // as a child and SIGKILL it when it is too busy to acknowledge a forwarded signal within 30 ms.
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env } as NodeJS.ProcessEnv,
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, ms = 15_000) => {
    const deadline = Date.now() + ms;
    while (!pattern.test(output)) {
      if (Date.now() > deadline) throw new Error(`"${pattern}" not seen from ${entry} in:\n${output.slice(-3000)}`);
      if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode} before "${pattern}":\n${output.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const kill = (signal: NodeJS.Signals) => {
    try {
      if (signal === "SIGKILL") process.kill(-child.pid!, signal);
      else child.kill(signal);
    } catch {
      // already gone
    }
  };
  return { child, exited, output: () => output, waitFor, kill };
}
