import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { Redis } from "ioredis";
import { Mailbox } from "../../support/mailbox";
import { recreateDatabase } from "../../support/database";
import { e2eStack, e2eWorkers, serverEnv, type E2EStack } from "./env";

// One stack per Playwright worker (./env.ts), started side by side: a fresh database, migrated and seeded; a
// real SMTP server whose mails the specs read over HTTP; the Messenger simulator; the production server
// (`next build` must have run) and the offers worker. Everything stops when the run ends.
export default async function globalSetup() {
  const stacks = await Promise.all(Array.from({ length: e2eWorkers }, (_, i) => startStack(e2eStack(i + 1))));
  return async () => {
    await Promise.all(stacks.map((stop) => stop()));
  };
}

async function startStack(stack: E2EStack): Promise<() => Promise<void>> {
  const env = serverEnv(stack);
  await recreateDatabase(stack.databaseUrl);
  const { migrateDeploy } = await import("../../../prisma/scripts/migrate-lib");
  await migrateDeploy(stack.databaseUrl, { log: () => {} });
  const flush = new Redis(stack.redisUrl);
  await flush.flushdb();
  flush.disconnect();
  await runScript(["prisma/seed.ts"], env);

  const mailbox = new Mailbox();
  await mailbox.listen(stack.smtpPort);
  const mailApi = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const email = url.searchParams.get("email") ?? "";
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ count: mailbox.mailsTo(email).length, codes: mailbox.codesTo(email) }));
  });
  await new Promise<void>((resolve) => mailApi.listen(stack.mailApiPort, "127.0.0.1", resolve));

  // The Messenger simulator plays Facebook: the specs write as customers through its control API.
  const { createSimulator } = await import("../../../tools/simulator/create-simulator");
  const { DEMO_PAGES } = await import("../../../prisma/seed-data");
  const simulator = await createSimulator({
    port: stack.simulatorPort,
    webhookUrl: `http://127.0.0.1:${stack.port}/api/webhooks/messenger`,
    appSecret: env.META_APP_SECRET,
    verifyToken: env.META_VERIFY_TOKEN,
    pages: DEMO_PAGES.map((p) => ({ pageId: p.facebookPageId, name: p.name, accessToken: p.token, instagram: { ...p.instagram } })),
  });

  const server = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "server/index.ts"], { env: { ...process.env, ...env }, stdio: ["ignore", "inherit", "inherit"] });
  await waitForHealth(`http://localhost:${stack.port}/api/health`, server);

  // Offers are sent by the worker process, not the app server: start it with the server's env (same
  // database, Redis and queue name) and stop it with the server.
  const worker = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "workers/index.ts"], { env: { ...process.env, ...env }, stdio: ["ignore", "inherit", "inherit"] });

  return async () => {
    if (worker.exitCode === null) {
      worker.kill("SIGTERM");
      await new Promise((r) => worker.once("exit", r));
    }
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    mailApi.close();
    await simulator.close();
    await mailbox.close();
  };
}

function runScript(args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", ...args], { env: { ...process.env, ...env }, stdio: "inherit" });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(" ")} exited with ${code}`))));
  });
}

async function waitForHealth(url: string, server: ReturnType<typeof spawn>) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode} before it was healthy`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not report healthy within 60 s`);
}
