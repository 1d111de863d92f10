import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePortsSync } from "../../support/free-port";
import { spawnEntry, type Spawned } from "./spawn";

// A fleet on one Postgres and one Redis: N app processes (tests/integration/support/fleet-app.ts, i.e.
// runAppServer of server/index.ts), M worker processes (workers/index.ts, each with its HTTP listener),
// and, when the nginx binary is installed, real nginx running deploy/nginx/nginx.conf in front of the
// apps (only the upstream list, the listen port, worker count and access-log path differ from production).

export type AppInstance = Spawned & { url: string; /** Its webhook listener (WEBHOOK_PORT). */ webhookUrl: string };
export type WorkerInstance = Spawned & { url: string };
export type Fleet = { apps: AppInstance[]; workers: WorkerInstance[]; balancer: string | null; stop: () => Promise<void>; logs: () => string };

export const METRICS_TOKEN = "fleet-metrics-token-0123456789";

export function nginxAvailable(): boolean {
  try {
    execFileSync("nginx", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

async function untilOk(url: string, what: Spawned, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) return;
    if (what.child.exitCode !== null || Date.now() > deadline) throw new Error(`${url} never became ready:\n${what.output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function startApp(env: Record<string, string>): AppInstance {
  const [port, webhookPort] = freePortsSync(2);
  const app = spawnEntry("tests/integration/support/fleet-app.ts", { ...env, PORT: String(port), WEBHOOK_PORT: String(webhookPort), HOST: "127.0.0.1", APP_URL: `http://127.0.0.1:${port}` });
  return Object.assign(app, { url: `http://127.0.0.1:${port}`, webhookUrl: `http://127.0.0.1:${webhookPort}` });
}

export function startWorker(env: Record<string, string>): WorkerInstance {
  const [port] = freePortsSync(1);
  const worker = spawnEntry("workers/index.ts", { ...env, WORKER_HTTP_PORT: String(port), HOST: "127.0.0.1" });
  return Object.assign(worker, { url: `http://127.0.0.1:${port}` });
}

function startNginx(upstreams: string[], webhookUpstreams: string[]): { url: string; child: ChildProcess; dir: string; output: () => string } {
  const dir = mkdtempSync(path.join(tmpdir(), "sb-nginx-"));
  const [port] = freePortsSync(1);
  const config = readFileSync("deploy/nginx/nginx.conf", "utf8").replace(/listen 80;/, `listen 127.0.0.1:${port};`).replace(/worker_processes auto;/, "worker_processes 1;")
    // A child's stdout here is a socket, which nginx cannot open by path.
    .replace("access_log /dev/stdout", `access_log ${dir}/access.log`);
  writeFileSync(path.join(dir, "nginx.conf"), config);
  const upstream = (name: string, servers: string[]) => `upstream ${name} {\n${servers.map((u) => `    server ${u} max_fails=1 fail_timeout=3s;\n`).join("")}    keepalive 32;\n}\n`;
  writeFileSync(path.join(dir, "upstream.conf"), upstream("switchboard_app", upstreams) + upstream("switchboard_webhooks", webhookUpstreams));
  const child = spawn("nginx", ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", "stderr", "-g", `daemon off; pid ${dir}/nginx.pid; user root;`], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (c) => (output += c));
  child.stderr!.on("data", (c) => (output += c));
  return { url: `http://127.0.0.1:${port}`, child, dir, output: () => output };
}

export async function startFleet(options: { apps: number; workers: number; env: Record<string, string> }): Promise<Fleet> {
  const env = { LOG_FORMAT: "json", METRICS_TOKEN, ...options.env };
  const apps = Array.from({ length: options.apps }, () => startApp(env));
  const workers = Array.from({ length: options.workers }, () => startWorker(env));
  await Promise.all([...apps.map((a) => untilOk(`${a.url}/api/health/ready`, a)), ...workers.map((w) => untilOk(`${w.url}/ready`, w))]);
  const nginx = nginxAvailable() ? startNginx(apps.map((a) => a.url.replace("http://", "")), apps.map((a) => a.webhookUrl.replace("http://", ""))) : null;
  if (nginx) await untilOk(`${nginx.url}/api/health/live`, { child: nginx.child, output: nginx.output } as unknown as Spawned, 10_000);
  return {
    apps,
    workers,
    balancer: nginx?.url ?? null,
    logs: () => [...apps, ...workers].map((p) => p.output()).join("\n") + (nginx?.output() ?? ""),
    stop: async () => {
      for (const p of [...apps, ...workers]) p.kill("SIGKILL");
      await Promise.all([...apps, ...workers].map((p) => p.exited));
      if (nginx) {
        nginx.child.kill("SIGQUIT");
        await new Promise((r) => (nginx.child.exitCode !== null ? r(null) : nginx.child.once("exit", r)));
        rmSync(nginx.dir, { recursive: true, force: true });
      }
    },
  };
}

/** One Prometheus scrape, as a map "name{labels}" → value. */
export async function scrape(url: string): Promise<Map<string, number>> {
  const res = await fetch(url, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!res.ok) throw new Error(`${url} → ${res.status}`);
  const samples = new Map<string, number>();
  for (const line of (await res.text()).split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const at = line.lastIndexOf(" ");
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

/** Sum of every sample of a metric (all label sets). */
export function total(samples: Map<string, number>, name: string): number {
  let sum = 0;
  for (const [key, value] of samples) if (key === name || key.startsWith(`${name}{`)) sum += value;
  return sum;
}
