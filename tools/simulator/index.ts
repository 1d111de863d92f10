import { z } from "zod";
import { DEMO_PAGES } from "../../prisma/seed-data";
import { createSimulator } from "./create-simulator";
import { DEFAULT_APP_ID, DEFAULT_APP_SECRET, DEFAULT_VERIFY_TOKEN, DEFAULT_WEBHOOK_URL } from "./options";

// tsx tools/simulator/index.ts — the simulator as its own process (npm run dev starts it). It knows the
// demo pages of the seed, so the seeded app can send through it at once.

const Env = z.object({
  SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  SIMULATOR_HOST: z.string().min(1).default("127.0.0.1"),
  SIMULATOR_PUBLIC_URL: z.url().optional(),
  SIMULATOR_WEBHOOK_URL: z.union([z.url(), z.literal("")]).default(DEFAULT_WEBHOOK_URL),
  META_APP_SECRET: z.string().min(1).default(DEFAULT_APP_SECRET),
  META_VERIFY_TOKEN: z.string().min(1).default(DEFAULT_VERIFY_TOKEN),
  SIMULATOR_APP_ID: z.string().regex(/^\d+$/, "must be digits").default(DEFAULT_APP_ID),
});

// Empty variables in .env files mean "not set", as in server/env.ts.
const parsed = Env.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== "")));
if (!parsed.success) {
  console.error(`[simulator] invalid configuration:\n${parsed.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`).join("\n")}`);
  process.exit(1);
}
const env = parsed.data;

const simulator = await createSimulator({
  port: env.SIMULATOR_PORT,
  host: env.SIMULATOR_HOST,
  publicUrl: env.SIMULATOR_PUBLIC_URL,
  webhookUrl: env.SIMULATOR_WEBHOOK_URL,
  appSecret: env.META_APP_SECRET,
  verifyToken: env.META_VERIFY_TOKEN,
  appId: env.SIMULATOR_APP_ID,
  pages: DEMO_PAGES.map((p) => ({ pageId: p.facebookPageId, name: p.name, accessToken: p.token, instagram: { ...p.instagram } })),
  demoFeed: true,
  log: (line) => console.log(`[simulator] ${line}`),
});

console.log(
  [
    `[simulator] Messenger simulator on ${simulator.url} (Graph API: set GRAPH_API_URL=${simulator.url})`,
    `[simulator] write as a customer at ${simulator.url}/ · webhooks → ${env.SIMULATOR_WEBHOOK_URL || "(disabled)"}`,
  ].join("\n"),
);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await simulator.close();
  process.exit(0);
}
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
