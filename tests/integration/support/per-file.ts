import { afterAll, beforeAll, beforeEach } from "vitest";
import { db } from "@/server/db";
import { redis } from "@/server/redis";
import { Mailbox } from "../../support/mailbox";
import { emptyTables } from "./empty-tables";

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
  await emptyTables();
  await redis().flushdb();
  mailbox.clear();
});
