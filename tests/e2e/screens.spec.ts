import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, codeCount, nextCode, signInAs } from "./support/auth";

// Each foundation screen at desktop and phone width: the spec's texts are on screen, nothing overflows
// sideways, and a screenshot lands in test-results/screens for people to look at.

const WIDTHS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 375, height: 812 },
];

async function capture(page: Page, name: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} overflows sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

for (const size of WIDTHS) {
  test.describe(`${size.name} (${size.width}px)`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("sign-in steps", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { name: "Sign in to Switchboard" })).toBeVisible();
      await capture(page, `${size.name}-sign-in-email`);
      await page.getByRole("button", { name: "Send code" }).click();
      await expect(page.getByText("Email is required")).toBeVisible();
      await capture(page, `${size.name}-sign-in-email-error`);
      const email = ACCOUNTS.staff.email;
      const known = await codeCount(email);
      await page.getByLabel("Email address").fill(email);
      await page.getByRole("button", { name: "Send code" }).click();
      await expect(page.getByRole("button", { name: "Back to email" })).toBeVisible();
      await nextCode(email, known);
      await capture(page, `${size.name}-sign-in-code`);
    });

    test("access denied and the admin shell", async ({ page }) => {
      await signInAs(page, ACCOUNTS.staff.email);
      await expect(page).toHaveURL(/\/chats$/);
      await capture(page, `${size.name}-chats-placeholder`);
      await page.goto("/company/dashboard");
      await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
      await capture(page, `${size.name}-access-denied`);

      await page.evaluate(() => localStorage.clear());
      await signInAs(page, ACCOUNTS.admin.email);
      await expect(page.getByText("Overview of user metrics across your pages")).toBeVisible();
      await capture(page, `${size.name}-admin-shell`);
      if (size.width < 1024) {
        await page.getByRole("button", { name: "Open menu" }).click();
        await expect(page.getByRole("link", { name: "Scheduled Offers" })).toBeVisible();
        await capture(page, `${size.name}-admin-drawer`);
        await page.getByRole("button", { name: "Close menu" }).first().click();
      }
      await page.getByRole("button", { name: /Adam Admin/ }).click();
      await expect(page.getByRole("link", { name: "Profile Settings" })).toBeVisible();
      await capture(page, `${size.name}-profile-menu`);
    });
  });
}
