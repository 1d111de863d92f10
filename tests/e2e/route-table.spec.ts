import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, signInAs } from "./support/auth";

// Every route of PRODUCT §2's route table exists, and only its roles get past its guard.

// Each test opens about twenty pages of the production build one after another; on a slow machine that
// took more than the default 30 s (CI, 2026-11-26 12:30: both long walks timed out on their last page).
test.describe.configure({ timeout: 90_000 });

const SUPER_ADMIN_ROUTES = ["/dashboard", "/users", "/create-user", "/0191f0a0-0000-7000-8000-000000000001/add-page", "/users/0191f0a0-0000-7000-8000-000000000001", "/fb-pages/0191f0a0-0000-7000-8000-000000000001", "/edit-page/0191f0a0-0000-7000-8000-000000000001"];
const COMPANY_ROUTES = ["/company", "/company/dashboard", "/company/users", "/company/create-user", "/company/fb-pages", "/company/send-offer", "/company/scheduled-offers", "/company/users/0191f0a0-0000-7000-8000-000000000001", "/company/whitelist-urls", "/company/url-violations"];

async function expectAllowed(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Access Denied" })).toHaveCount(0);
}

async function expectDenied(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
}

test("super admin: super admin routes and /profile open; company routes and /chats are denied", async ({ page }) => {
  await signInAs(page, ACCOUNTS.superAdmin.email);
  await expect(page).toHaveURL(/\/users$/);
  for (const path of [...SUPER_ADMIN_ROUTES, "/profile"]) await expectAllowed(page, path);
  for (const path of [...COMPANY_ROUTES, "/chats"]) await expectDenied(page, path);
});

test("company admin: company routes, /chats and /profile open; super admin routes are denied", async ({ page }) => {
  await signInAs(page, ACCOUNTS.companyAdmin.email);
  await expect(page).toHaveURL(/\/company\/dashboard$/);
  for (const path of [...COMPANY_ROUTES, "/chats", "/profile"]) await expectAllowed(page, path);
  for (const path of SUPER_ADMIN_ROUTES) await expectDenied(page, path);
});

test("staff: /chats and /profile open; every admin route is denied", async ({ page }) => {
  await signInAs(page, ACCOUNTS.staff.email);
  await expect(page).toHaveURL(/\/chats$/);
  for (const path of ["/chats", "/profile"]) await expectAllowed(page, path);
  for (const path of [...SUPER_ADMIN_ROUTES, ...COMPANY_ROUTES]) await expectDenied(page, path);
});

test("/test is a public in-memory notes demo", async ({ page }) => {
  await page.goto("/test");
  await expect(page.getByText("No notes yet")).toBeVisible();
  await page.getByRole("button", { name: "Add note" }).click();
  await page.getByRole("textbox").first().fill("Remember the milk");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Remember the milk")).toBeVisible();
  await page.getByRole("button", { name: "Edit" }).click();
  await page.getByRole("textbox").first().fill("Remember the bread");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Remember the bread")).toBeVisible();
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("No notes yet")).toBeVisible();
});
