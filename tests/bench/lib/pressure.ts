import { readFileSync } from "node:fs";
import os from "node:os";

// How busy the machine is: the load average and Linux CPU pressure, recorded with every figure.

export const loadAverage = () => os.loadavg().map((x) => Math.round(x * 100) / 100);

/**
 * Linux CPU pressure (PSI): the share of the last 10 s / 60 s in which some runnable task waited for a CPU.
 * A sharper sign than the load average that other people's work was competing with the run; null where
 * the kernel does not expose it.
 */
export const cpuPressure = (): { avg10: number; avg60: number } | null => {
  try {
    const some = readFileSync("/proc/pressure/cpu", "utf8").split("\n").find((line) => line.startsWith("some "));
    const field = (name: string) => Number(new RegExp(`${name}=([\\d.]+)`).exec(some ?? "")?.[1]);
    return some ? { avg10: field("avg10"), avg60: field("avg60") } : null;
  } catch {
    return null;
  }
};
