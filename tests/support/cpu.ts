import { readdirSync, readFileSync } from "node:fs";

// CPU time (user + system) of a process tree from /proc: a load-independent cost figure, useful on a
// shared 2-core machine where wall-clock latency also measures everyone else's work.

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function stat(pid: number): { ppid: number; ticks: number } | null {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = raw.slice(raw.lastIndexOf(")") + 2).split(" ");
    // fields[0] is state (field 3); ppid is field 4, utime 14, stime 15.
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** CPU milliseconds used so far by `root` and all its descendants (null when /proc is unavailable). */
export function treeCpuMs(root: number): number | null {
  if (!stat(root)) return null;
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc")) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const s = stat(pid);
    if (!s) continue;
    const list = children.get(s.ppid) ?? [];
    list.push(pid);
    children.set(s.ppid, list);
  }
  let ticks = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    ticks += stat(pid)?.ticks ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** This process's CPU milliseconds so far. */
export function ownCpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * CPU milliseconds of the Postgres backends connected to the bench database right now (the app's and the
 * worker's pools and ours: the same application_name as the asking client, see config.ts). Backends live as
 * long as their pooled connection, so a before/after difference over a run is the database work of that run.
 */
export async function databaseCpuMs(client: { query: (sql: string) => Promise<{ rows: { pid: number }[] }> }): Promise<Map<number, number>> {
  const { rows } = await client.query(
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = current_setting('application_name')",
  );
  return new Map(rows.map((r) => [r.pid, ((stat(r.pid)?.ticks ?? 0) * 1000) / TICKS_PER_SECOND]));
}

export function cpuDelta(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}
