import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, signInAs } from "./support/auth";
import { unique } from "./support/sim";

// The audit log screen (docs/PRODUCT.md §13.5), at 1440 and 375 px: a company admin approves a link and
// removes it, then finds both in the log in plain words, newest first, and narrows the log to one kind of
// action. axe finds nothing serious on the screen, and nothing is wider than a phone. An admin (not a company
// admin) has no menu item and sees Access Denied at the address. Screenshots in /tmp/audit-*.png.

/** An admin action through the API, with the session the page holds. */
async function asSignedIn(page: Page, method: string, path: string, body?: unknown): Promise<{ _id?: string }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: { Authorization: `Bearer ${localStorage.getItem("token")}`, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as { _id?: string };
    },
    { method, path, body },
  );
}

async function expectNoSeriousAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include("main").setLegacyMode().options({ resultTypes: ["violations"] }).analyze();
  const blocking = violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `[${v.impact}] ${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
  expect(blocking).toEqual([]);
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`a company admin reads and filters the audit log — ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInAs(page, ACCOUNTS.companyAdmin.email, { from: "/company/dashboard" });
    const link = `${unique("audit").toLowerCase()}.example.com`;
    const entry = await asSignedIn(page, "POST", "/api/urls", { url: link });
    await asSignedIn(page, "DELETE", `/api/urls/${entry._id}`);

    if (viewport.width < 768) {
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog").getByRole("link", { name: "Audit Log" }).click();
    } else {
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Audit Log" }).click();
    }
    await expect(page).toHaveURL(/\/company\/audit-log$/);
    await expect(page.getByRole("heading", { level: 1, name: "Audit Log" })).toBeVisible();

    const table = page.getByRole("table", { name: "Audit log, newest first" });
    const rows = table.getByRole("row").filter({ hasText: link });
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(`Removed approved link ${link}`);
    await expect(rows.nth(1)).toContainText(`Approved link ${link}`);
    await expect(rows.nth(0)).toContainText("Olivia Owner");
    await page.screenshot({ path: `/tmp/audit-${viewport.width}.png`, fullPage: viewport.width < 768 });

    await page.getByLabel("What").selectOption({ label: "Link approved" });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`Approved link ${link}`);
    await page.screenshot({ path: `/tmp/audit-${viewport.width}-filtered.png` });

    const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
    expect(widths.doc).toBeLessThanOrEqual(widths.screen);
    await expectNoSeriousAxeViolations(page);
  });
}

test("an admin has no Audit Log item and sees Access Denied at its address", async ({ page }) => {
  await signInAs(page, ACCOUNTS.admin.email, { from: "/company/dashboard" });
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Audit Log" })).toHaveCount(0);
  await page.goto("/company/audit-log");
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
});
