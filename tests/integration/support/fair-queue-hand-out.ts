import { createRedis } from "@/server/redis";
import { handOut } from "@/server/services/ownership/fair-queue";

// A second process handing out a company's queue (tests/integration/fair-queue.test.ts): each round starts
// when the test pushes the company id to `fair-queue:go`, and its result goes back on `fair-queue:done`.

const redis = createRedis({ maxRetriesPerRequest: null });
process.stdout.write("ready\n");
for (;;) {
  const [, message] = (await redis.blpop("fair-queue:go", 0))!;
  if (message === "stop") break;
  const { companyId, now } = JSON.parse(message) as { companyId: string; now: string };
  const given = await handOut({ companyId, now: new Date(now) });
  await redis.rpush("fair-queue:done", JSON.stringify(given.length));
}
redis.disconnect();
process.exit(0);
