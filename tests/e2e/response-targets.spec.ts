import { expect, test, type Locator, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import pg from "pg";
import { ACCOUNTS, signInAs } from "./support/auth";
import { E2E } from "./support/env";
import { simPost, unique } from "./support/sim";

// Response targets (docs/PRODUCT.md §13.3) at 1440 and 375 px: the company admin sets them beside the business
// hours; three waiting customers show their time left in words and colours (plain, amber under a quarter of
// the target, red when overdue), and the "Breaching soon" view lists the amber and red ones, soonest first.
// The due times are moved in the database (the integration tests prove how they are computed): a test that
// waited for a target to run out would take minutes. Then the Reports screen's automatic replies, counted
// apart (§13.1). axe: nothing serious on any of these screens.

const SUPPORT = "100000000000003";

async function customerWrites(firstName: string): Promise<void> {
  const { psid } = await simPost<{ psid: string }>("/sim/customers", { pageId: SUPPORT, firstName, lastName: "Due" });
  await simPost("/sim/messages", { pageId: SUPPORT, psid, text: "Any news?" });
}

/** Moves the customer's due time to `minutes` from now (negative: overdue); true once the conversation is there. */
async function dueIn(firstName: string, minutes: number): Promise<boolean> {
  const client = new pg.Client({ connectionString: E2E.databaseUrl });
  await client.connect();
  try {
    const res = await client.query(
      `UPDATE conversations c SET response_due_at = now() + make_interval(mins => $2::int) FROM customers cu
        WHERE cu.id = c.customer_id AND cu.name LIKE $1 AND c.response_due_at IS NOT NULL`,
      [`${firstName}%`, minutes],
    );
    return (res.rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}

/** An instant reply the Page sent the customer, stored as the decision and its send leave it. */
async function sentAutomaticReply(firstName: string): Promise<void> {
  const client = new pg.Client({ connectionString: E2E.databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO messages (id, conversation_id, page_id, mid, direction, sender_id, text, send_status, created_time, automatic, answers_customer)
       SELECT gen_random_uuid(), c.id, c.page_id, 'm_auto_' || c.id, 'outbound', $2, 'Thanks, we are on it', 'sent', now(), 'instant', false
         FROM conversations c JOIN customers cu ON cu.id = c.customer_id WHERE cu.name LIKE $1`,
      [`${firstName}%`, SUPPORT],
    );
  } finally {
    await client.end();
  }
}

const row = (page: Page, name: string): Locator => page.getByRole("list", { name: "Conversations" }).getByRole("listitem").filter({ hasText: name });

async function expectAccessible(page: Page) {
  // The toast's own colours are the app's toaster's, checked where it is built, not part of these screens.
  const { violations } = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`);
  expect(bad).toEqual([]);
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`targets set by the admin; time left in words and colours; the Breaching soon view — ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signInAs(page, ACCOUNTS.companyAdmin.email);
    await page.goto("/company/reports");
    const form = page.getByRole("form", { name: "Response targets" });
    // A value the other viewport's run did not leave behind, so the form has a change to save.
    await form.getByLabel("First response (minutes)").fill(viewport.width === 1440 ? "60" : "45");
    await form.getByLabel("Next response (minutes)").fill("30");
    await form.getByLabel(/E-mail the company admins/).check();
    await form.getByRole("button", { name: "Save targets" }).click();
    await expect(page.getByText("Response targets saved")).toBeVisible();
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/targets-settings-${viewport.width}.png` });
    await expectAccessible(page);

    const [late, soon, fine] = [unique("Late"), unique("Soon"), unique("Fine")];
    for (const name of [late, soon, fine]) await customerWrites(name);
    await expect.poll(() => dueIn(late, -5), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => dueIn(soon, 10), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => dueIn(fine, 50), { timeout: 15_000 }).toBe(true);

    await page.goto("/chats");
    await page.getByRole("tab", { name: /Acme Support/ }).click();
    await expect(row(page, late).locator("[data-due]")).toHaveText(/^Overdue \d+ min$/);
    await expect(row(page, late).locator("[data-due]")).toHaveAttribute("data-due", "over");
    await expect(row(page, soon).locator("[data-due]")).toHaveText(/^(9|10) min left$/);
    await expect(row(page, soon).locator("[data-due]")).toHaveAttribute("data-due", "warn");
    await expect(row(page, fine).locator("[data-due]")).toHaveAttribute("data-due", "ok");
    // The colours themselves: red and amber text, told apart from the plain one.
    const color = (name: string) => row(page, name).locator("[data-due]").evaluate((el) => getComputedStyle(el).color);
    const [red, amber, plain] = [await color(late), await color(soon), await color(fine)];
    expect(new Set([red, amber, plain]).size).toBe(3);
    await page.screenshot({ path: `/tmp/targets-list-${viewport.width}.png` });
    await expectAccessible(page);

    await page.getByRole("group", { name: "Conversation status" }).getByRole("button", { name: "Breaching soon" }).click();
    await expect(row(page, fine)).toHaveCount(0);
    // Polled: the view's rows replace the list's when its read answers, and "fine" is absent before that too.
    const order = async () => {
      const names = await page.getByRole("list", { name: "Conversations" }).getByRole("listitem").allInnerTexts();
      return names.map((t) => (t.includes(late) ? "late" : t.includes(soon) ? "soon" : null)).filter(Boolean);
    };
    await expect.poll(order).toEqual(["late", "soon"]);
    await page.screenshot({ path: `/tmp/targets-due-view-${viewport.width}.png` });

    // The Page's automatic replies are counted apart on the Reports screen (§13.1): one the Page sent the late customer.
    await sentAutomaticReply(late);
    await page.goto("/company/reports");
    const automatic = page.getByRole("region", { name: "Automatic replies" });
    await expect(automatic.getByRole("row").filter({ hasText: "Acme Support" })).toContainText("Messenger");
    await expect(automatic.getByText(/Sent by the Pages themselves: [1-9]\d* instant, \d+ away/)).toBeVisible();
    await automatic.scrollIntoViewIfNeeded();
    await automatic.screenshot({ path: `/tmp/automatic-replies-${viewport.width}.png` });
    await expectAccessible(page);
  });
}
