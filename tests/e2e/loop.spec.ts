import { expect, test, type Locator, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { ACCOUNTS, signInAs } from "./support/auth";
import { simPost, unique } from "./support/sim";

// Closing the loop (docs/PRODUCT.md §11) in one pass, at 1440 and 375 px: `e` marks done, a customer's
// message reopens, snooze, bulk mark-done from the list's checkboxes, then the Reports screen's charts.

const SUPPORT = "100000000000003";
const SHOTS = "test-results/e2e/loop";

async function customerWrites(firstName: string, text: string, psid?: string): Promise<string> {
  const id = psid ?? (await simPost<{ psid: string }>("/sim/customers", { pageId: SUPPORT, firstName, lastName: "Loop" })).psid;
  await simPost("/sim/messages", { pageId: SUPPORT, psid: id, text });
  return id;
}

const row = (page: Page, name: string): Locator => page.getByRole("list", { name: "Conversations" }).getByRole("listitem").filter({ hasText: name });
const views = (page: Page) => page.getByRole("group", { name: "Conversation status" });

/** axe-core on the screen as it stands: no serious or critical violation (issue 32 point 5). */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`);
  expect(bad).toEqual([]);
}

test("done, reopen, snooze and bulk in the inbox; the Reports screen draws its charts", async ({ page }) => {
  test.setTimeout(180_000); // two sign-ins, two axe runs and a download, on a shared machine
  const ana = unique("Ana");
  const ben = unique("Ben");
  const cal = unique("Cal");
  const anaPsid = await customerWrites(ana, "Where is my order?");
  await customerWrites(ben, "Do you ship to Porto?");
  await customerWrites(cal, "Hello!");

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, ACCOUNTS.staff.email);
  await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible({ timeout: 15_000 });
  await page.getByRole("tab", { name: /Acme Support/ }).click();

  // Ana: answered, then `e` marks it done; the Open view no longer lists it, the Done view does.
  await row(page, ana).getByRole("button").first().click();
  await page.getByRole("textbox", { name: "Message" }).fill("It ships today.");
  await page.keyboard.press("Enter");
  await expect(page.getByText("It ships today.").first()).toBeVisible();
  await page.getByRole("heading", { name: "Conversations" }).click();
  await page.keyboard.press("e");
  const thread = page.getByRole("region", { name: /Conversation with/ });
  await expect(thread.getByRole("button", { name: "Reopen" })).toBeVisible();
  await views(page).getByRole("button", { name: /Open/ }).click();
  await expect(row(page, ana)).toHaveCount(0);
  await views(page).getByRole("button", { name: /Done/ }).click();
  await expect(row(page, ana)).toHaveCount(1);

  // The customer writes again: reopened, live, out of the Done view.
  await customerWrites(ana, "One more thing", anaPsid);
  await expect(thread.getByRole("button", { name: "Done" })).toBeVisible();
  await expect(row(page, ana)).toHaveCount(0);

  // Snooze Ben for an hour from the thread's menu.
  await views(page).getByRole("button", { name: /Done/ }).click(); // back to every status
  await row(page, ben).getByRole("button").first().click();
  await thread.getByRole("button", { name: "Snooze" }).click();
  await page.getByRole("button", { name: "For 1 hour" }).click();
  await views(page).getByRole("button", { name: /Snoozed/ }).click();
  await expect(row(page, ben)).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/snoozed-1440.png` });

  // Bulk: select Ana and Cal in the Open view, mark both done.
  await views(page).getByRole("button", { name: /Open/ }).click();
  await row(page, ana).getByRole("checkbox").check();
  await row(page, cal).getByRole("checkbox").check();
  const bar = page.getByRole("toolbar", { name: "Selected conversations" });
  await expect(bar).toContainText("2 selected");
  await page.screenshot({ path: `${SHOTS}/bulk-1440.png` });
  await expectAccessible(page);
  await bar.getByRole("button", { name: "Mark done" }).click();
  await expect(row(page, ana)).toHaveCount(0);
  await expect(row(page, cal)).toHaveCount(0);
  await views(page).getByRole("button", { name: /Done/ }).click();
  await expect(row(page, cal)).toHaveCount(1);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole("button", { name: "Back to conversations" }).click();
  await expect(views(page)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/inbox-375.png` });

  // Reports, as the company admin: charts drawn by the library (canvas), the person table, CSV.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, ACCOUNTS.companyAdmin.email);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Reports" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await expect(page.getByTestId("day-chart").locator("canvas")).toHaveCount(2);
  await expect(page.getByRole("group", { name: "Done" })).not.toContainText("…");
  await expect(page.getByRole("region", { name: "By person" })).toContainText("Sara Staff");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  expect((await download).suggestedFilename()).toMatch(/^responses-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  await page.screenshot({ path: `${SHOTS}/reports-1440.png`, fullPage: true });
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId("day-chart").first().locator("canvas")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/reports-375.png`, fullPage: true });
});
