import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, signInAs } from "./support/auth";

// Every admin screen at desktop and phone width: the spec's heading is on screen, nothing overflows
// sideways, and a screenshot lands in test-results/screens for people to look at.

const WIDTHS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 375, height: 812 },
];

/** Dialogs are shot at the viewport (a full-page shot would scroll the page out from under them). */
async function capture(page: Page, name: string, { fullPage = true } = {}) {
  // Let toasts and dialog animations settle so the picture shows the screen, not a transition.
  await page.waitForTimeout(250);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} overflows sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage });
}

async function hrefOf(page: Page, name: string): Promise<string> {
  const href = await page.getByRole("link", { name }).first().getAttribute("href");
  expect(href).toBeTruthy();
  return href!;
}

for (const size of WIDTHS) {
  test.describe(`admin screens, ${size.name} (${size.width}px)`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    test.describe.configure({ timeout: 90_000 });

    test("super admin", async ({ page }) => {
      const shot = (name: string) => capture(page, `${size.name}-admin-super-${name}`);
      await signInAs(page, ACCOUNTS.superAdmin.email);
      await expect(page.getByText(/^Showing 1 to \d+ of \d+ users$/)).toBeVisible();
      await shot("users");

      const ownerRow = page.getByRole("row").filter({ hasText: "owner@acme.local" });
      const details = await ownerRow.getByRole("link", { name: "Edit Olivia Owner" }).getAttribute("href");
      const ownerId = details!.split("/").at(-1)!;

      await page.goto("/create-user");
      await page.getByRole("button", { name: "Create User" }).click();
      await expect(page.getByText("Company name is required")).toBeVisible();
      await shot("create-user");

      await page.goto(`/${ownerId}/add-page`);
      await expect(page.getByRole("heading", { name: "Add Page" })).toBeVisible();
      await shot("add-page");

      await page.goto(`/fb-pages/${ownerId}`);
      await expect(page.getByText(/^Total pages: \d+$/)).toBeVisible();
      await shot("fb-pages");

      await page.goto(await hrefOf(page, "Edit Acme Shoes"));
      await expect(page.getByLabel("Page name")).toHaveValue("Acme Shoes");
      await shot("edit-page");

      await page.goto(`/users/${ownerId}`);
      await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();
      await shot("user-details");

      await page.goto("/pages");
      await expect(page.getByRole("row").filter({ hasText: "Acme Shoes" })).toBeVisible();
      await shot("all-pages");

      await page.goto("/dashboard");
      await expect(page.getByText(/^Last updated: /)).toBeVisible();
      await shot("dashboard");

      await page.goto("/profile");
      await expect(page.getByRole("heading", { name: "Change Password" })).toBeVisible();
      await shot("profile");
    });

    test("company admin", async ({ page }) => {
      const shot = (name: string, options?: { fullPage?: boolean }) => capture(page, `${size.name}-admin-company-${name}`, options);
      await signInAs(page, ACCOUNTS.companyAdmin.email);
      await expect(page.getByText(/^Last updated: /)).toBeVisible();
      await shot("dashboard");

      await page.goto("/company/users");
      await expect(page.getByText(/^Showing 1 to \d+ of \d+ users$/)).toBeVisible();
      await shot("users");
      await page.getByRole("button", { name: "View Sara Staff" }).click();
      await expect(page.getByRole("dialog", { name: "User Details" })).toBeVisible();
      await shot("user-view", { fullPage: false });
      await page.keyboard.press("Escape");

      await page.goto(await hrefOf(page, "Edit Sara Staff"));
      await expect(page.getByRole("heading", { name: "Page access" })).toBeVisible();
      await expect(page.getByRole("list", { name: "Assigned pages" })).toBeVisible();
      await shot("user-details");

      await page.goto("/company/create-user");
      await page.getByRole("button", { name: "Create User" }).click();
      await expect(page.getByText("Please select a role")).toBeVisible();
      await shot("create-user");

      await page.goto("/company/fb-pages");
      await expect(page.getByRole("row").filter({ hasText: "Acme Shoes" }).first()).toBeVisible();
      await shot("fb-pages");
      await page.getByRole("button", { name: "Assign Pages to Sara Staff" }).click();
      await expect(page.getByRole("dialog", { name: "Assign Pages" }).getByRole("button", { name: /^Assign \(\d+\) Pages$/ })).toBeVisible();
      await shot("assign-pages", { fullPage: false });
      await page.keyboard.press("Escape");

      await page.goto("/company/whitelist-urls");
      await expect(page.getByRole("heading", { name: "Approved URLs & Patterns" })).toBeVisible();
      await page.getByRole("button", { name: "Add Pattern" }).click();
      await expect(page.getByRole("dialog", { name: "Add Approved Pattern" })).toBeVisible();
      await shot("pattern-dialog", { fullPage: false });
      await page.keyboard.press("Escape");
      await expect(page.getByText(/Showing|No approved patterns added yet/).first()).toBeVisible();
      await shot("whitelist");

      await page.goto("/company/url-violations");
      await expect(page.getByRole("heading", { name: "Security Violation Log" })).toBeVisible();
      const view = page.getByRole("button", { name: "View" }).first();
      if (await view.isVisible().catch(() => false)) {
        await view.click();
        await expect(page.getByText("Full Message Content")).toBeVisible();
      }
      await shot("violations");

      await page.goto("/profile");
      await expect(page.getByRole("heading", { name: "Change Password" })).toBeVisible();
      await shot("profile");
    });
  });
}
