import { afterAll, beforeAll, beforeEach } from "vitest";
import { db } from "@/server/db";
import { redis } from "@/server/redis";
import { Mailbox } from "../../support/mailbox";

// Every test starts from empty tables, an empty Redis db and an empty mailbox.

export const mailbox = new Mailbox();

beforeAll(async () => {
  await mailbox.listen(Number(new URL(process.env.SMTP_URL!).port));
});

afterAll(async () => {
  await mailbox.close();
  await db.$disconnect();
  redis().disconnect();
});

beforeEach(async () => {
  const tables = await db.$queryRaw<{ tablename: string }[]>`
    SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`;
  if (tables.length) await db.$executeRawUnsafe(`TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(", ")} RESTART IDENTITY CASCADE`);
  await redis().flushdb();
  mailbox.clear();
});
