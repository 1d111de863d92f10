import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { Redis } from "ioredis";
import pg from "pg";
import { ACCOUNTS, signInAs } from "./support/auth";
import { E2E } from "./support/env";
import { simPost, unique } from "./support/sim";

// Issue 30, "sockets that stayed connected catch up": when the app's Redis subscriber drops and comes back,
// events published meanwhile are gone, though the browser's socket never dropped. The app then tells its
// sockets to resync (server/realtime/resync.ts) and the inbox refetches its list and open thread
// (lib/hooks/use-socket.ts). Here the missed event is a message stored without any event at all — written
// straight into the database, as a worker SIGKILLed between its commit and its publish leaves it — and the
// outage is real: the app's subscriber connections on this run's Redis db are killed with CLIENT KILL.

const SUPPORT = "100000000000003";

const row = (page: Page, name: string) => page.getByRole("list", { name: "Conversations" }).getByRole("listitem").filter({ hasText: name });

/** Stores an inbound message in the customer's conversation as the ingest would, but publishes nothing. */
async function storeSilently(customerName: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: E2E.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; psid: string }>(
      "SELECT c.id, u.psid FROM conversations c JOIN customers u ON u.id = c.customer_id WHERE u.name LIKE $1",
      [`${customerName}%`],
    );
    expect(rows).toHaveLength(1);
    const { id, psid } = rows[0]!;
    await client.query(
      `INSERT INTO messages (id, conversation_id, mid, direction, sender_id, text, send_status, created_time)
       VALUES ($1, $2, $3, 'inbound', $4, $5, 'received', now())`,
      [randomUUID(), id, `m_resync_${randomUUID()}`, psid, text],
    );
    await client.query(
      "UPDATE conversations SET last_message_text = $2, last_message_at = now(), last_inbound_at = now(), unread_count = unread_count + 1 WHERE id = $1",
      [id, text],
    );
  } finally {
    await client.end();
  }
}

/** Kills the subscriber connections on this run's Redis db (the app's Socket.IO adapter): a Redis blip. */
async function dropSubscribers(): Promise<number> {
  const redis = new Redis(E2E.redisUrl);
  try {
    const db = new URL(E2E.redisUrl).pathname.slice(1) || "0";
    const list = (await redis.call("CLIENT", "LIST", "TYPE", "pubsub")) as string;
    const ids = list
      .split("\n")
      .map((line) => Object.fromEntries(line.split(" ").map((kv) => kv.split("=") as [string, string])))
      .filter((client) => client.db === db && client.id)
      .map((client) => client.id!);
    for (const id of ids) await redis.call("CLIENT", "KILL", "ID", id);
    return ids.length;
  } finally {
    redis.disconnect();
  }
}

test("an inbox whose socket stayed connected through a Redis blip refetches what it missed", async ({ page }) => {
  const name = unique("Resync");
  const { psid } = await simPost<{ psid: string }>("/sim/customers", { pageId: SUPPORT, firstName: name, lastName: "Lima" });
  await simPost("/sim/messages", { pageId: SUPPORT, psid, text: "Is the blue jacket back in stock?" });

  await signInAs(page, ACCOUNTS.staff.email);
  await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible({ timeout: 15_000 });
  await page.getByRole("tab", { name: /Acme Support/ }).click();
  await row(page, name).getByRole("button").first().click();
  const thread = page.getByTestId("message-scroller");
  await expect(thread.getByText("Is the blue jacket back in stock?")).toBeVisible();

  const missed = `Hello? Still there ${randomUUID().slice(0, 6)}`;
  await storeSilently(name, missed);
  // Nothing announced it: without a resync the inbox has no reason to look.
  await expect(thread.getByText(missed)).toHaveCount(0);

  expect(await dropSubscribers()).toBeGreaterThan(0);
  await expect(thread.getByText(missed)).toBeVisible({ timeout: 15_000 });
  await expect(row(page, name)).toContainText(missed);
  // The blip never shows as an error: the socket itself stayed up.
  await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible();
  await page.screenshot({ path: "screenshots/resync-1440.png" });

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(thread.getByText(missed)).toBeVisible();
  await page.screenshot({ path: "screenshots/resync-375.png" });
});
