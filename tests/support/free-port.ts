import { execFileSync } from "node:child_process";

// Test servers (SMTP, app, simulator, mail API) never use a fixed port: the machine may run other services
// on any of them. A port is picked free, then bound later (by a child process, or again by each test file),
// so it must not be one the kernel hands out meanwhile: every outgoing connection (to Postgres, Redis, a
// test server) takes a local port from the ephemeral range, and one landing on a picked port makes its
// next listen fail with EADDRINUSE (seen with two integration files at a time). So ports are picked below
// that range (ip_local_port_range), at random, and probed; only where there is no room below does the OS
// choose (port 0).

const PROBE = `
const net = require("node:net");
const fs = require("node:fs");
const count = Number(process.argv[1]);
const excluded = new Set((process.argv[2] || "").split(",").filter(Boolean).map(Number));
let low = 32768;
try { low = Number(fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\\s+/)[0]) || low; } catch {}
const from = Math.max(1024, low - 12000);
const room = low - from;
const picked = new Set();
function probe(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(null));
    server.listen(port, "127.0.0.1", () => {
      const got = server.address().port;
      server.close(() => resolve(got));
    });
  });
}
(async () => {
  for (let tries = 0; picked.size < count; tries++) {
    const port = room >= 1000 && tries < 200 ? from + Math.floor(Math.random() * room) : 0;
    if (picked.has(port) || excluded.has(port)) continue;
    const got = await probe(port);
    if (got !== null && !picked.has(got) && !excluded.has(got)) picked.add(got);
  }
  console.log([...picked].join(","));
})();`;

/**
 * Ports this process picked before: never picked again. A port is bound a moment after it is picked, so two
 * calls in a row (the fleet's two workers) could each find the same one free; the second process then failed
 * to listen. (A clean-clone run of the fleet test counted its 60 rows twice, as scraping one worker's metrics
 * twice would; whether two of its ports met is not known, but nothing ruled it out.)
 */
const handedOut = new Set<number>();

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

/**
 * `count` distinct free TCP ports on 127.0.0.1 below the ephemeral range, synchronously (configs are
 * evaluated synchronously). A port is free when the probe closes it; the caller binds it a moment later.
 */
export function freePortsSync(count: number): number[] {
  const out = execFileSync(process.execPath, ["-e", PROBE, String(count), [...handedOut].join(",")], { encoding: "utf8" });
  const ports = out.trim().split(",").map(Number);
  for (const port of ports) handedOut.add(port);
  return ports;
}
