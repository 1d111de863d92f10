import { execFileSync } from "node:child_process";

// Test servers (SMTP, app, simulator, mail API) never use a fixed port: the machine may run other services
// on any of them. The OS hands out a free one for port 0; we ask for several at once so none repeats.

const PROBE = `
const net = require("node:net");
const count = Number(process.argv[1]);
const servers = [];
let ready = 0;
for (let i = 0; i < count; i++) {
  const server = net.createServer().listen(0, "127.0.0.1", () => {
    if (++ready < count) return;
    console.log(servers.map((s) => s.address().port).join(","));
    for (const s of servers) s.close();
  });
  servers.push(server);
}`;

/**
 * `count` distinct free TCP ports on 127.0.0.1, synchronously (configs are evaluated synchronously). A port
 * is free when the probe closes it; the caller binds it a moment later, the usual probe window.
 */
export function freePortsSync(count: number): number[] {
  const out = execFileSync(process.execPath, ["-e", PROBE, String(count)], { encoding: "utf8" });
  return out.trim().split(",").map(Number);
}

/**
 * Reads `names` from the environment, filling any unset one with a free port and writing it back, so
 * processes started later (Playwright's workers, the e2e server) see the same ports.
 */
export function portsFromEnv<const K extends string>(names: readonly K[]): Record<K, number> {
  const missing = names.filter((name) => !process.env[name]);
  const fresh = missing.length ? freePortsSync(missing.length) : [];
  missing.forEach((name, i) => (process.env[name] = String(fresh[i])));
  return Object.fromEntries(names.map((name) => [name, Number(process.env[name])])) as Record<K, number>;
}
