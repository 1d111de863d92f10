import { afterAll, beforeAll, beforeEach } from "vitest";
import { redis } from "@/server/redis";
import { Mailbox } from "../../support/mailbox";
import { emptyTables } from "./empty-tables";
import { forgetProcessCondition } from "./process-state";

// Every test starts from empty tables, an empty Redis db and an empty mailbox. The database and Redis
// connections stay open past the file: vitest ends the file's process (vitest.config.ts). The process
// condition is forgotten first, in case files share a process again.

forgetProcessCondition();

export const mailbox = new Mailbox();

beforeAll(async () => {
  await mailbox.listen(Number(new URL(process.env.SMTP_URL!).port));
});

afterAll(async () => {
  await mailbox.close();
});

beforeEach(async () => {
  await emptyTables();
  await redis().flushdb();
  mailbox.clear();
});
