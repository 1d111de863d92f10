import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { ACCOUNTS, signInAs } from "./support/auth";

// Issue 29 point 9: Sign Out ends the session on the server, so a copy of the token is refused afterwards;
// "Sign out everywhere" ends every session of the user; an admin can sign a member out from their page.
// Screenshots of the new controls at desktop and phone width land in test-results/screens.

const WIDTHS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 375, height: 812 },
];

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem("token"));

async function meStatus(request: APIRequestContext, token: string): Promise<number> {
  return (await request.get("/api/auth/me", { headers: { Authorization: `Bearer ${token}` } })).status();
}

async function capture(page: Page, name: string) {
  // Let the popover's or toast's animation settle so the picture shows the screen, not a transition.
  await page.waitForTimeout(250);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} overflows sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `test-results/screens/${name}.png` });
}

/** The seeded staff member's id, read with the signed-in company admin's token. */
async function staffId(page: Page, request: APIRequestContext): Promise<string> {
  const users = await request.get("/api/users/company-users", { headers: { Authorization: `Bearer ${(await tokenOf(page))!}` } });
  return ((await users.json()) as { users: { _id: string; email: string }[] }).users.find((u) => u.email === ACCOUNTS.staff.email)!._id;
}

/** A signed-in page of its own browser context (its own localStorage: another device). */
async function device(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, email);
  await expect(page).not.toHaveURL(/mode=otp/);
  await expect.poll(() => tokenOf(page)).toBeTruthy();
  return { page, token: (await tokenOf(page))!, close: () => context.close() };
}

test("Sign Out ends the session on the server: the old token is refused afterwards", async ({ page, request }) => {
  await signInAs(page, ACCOUNTS.companyAdmin.email);
  await expect(page).toHaveURL(/\/company\/dashboard$/);
  const token = (await tokenOf(page))!;
  expect(await meStatus(request, token)).toBe(200);

  await page.getByRole("banner").getByRole("button", { name: /company admin/i }).click();
  await page.getByRole("button", { name: "Sign Out", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await tokenOf(page)).toBeNull();
  expect(await meStatus(request, token)).toBe(401);
});

test("the inbox's Logout ends the session on the server too", async ({ page, request }) => {
  await signInAs(page, ACCOUNTS.staff.email);
  await expect(page).toHaveURL(/\/chats$/);
  const token = (await tokenOf(page))!;
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await meStatus(request, token)).toBe(401);
});

test("Sign out everywhere ends the user's other devices too", async ({ browser, request }) => {
  const laptop = await device(browser, ACCOUNTS.admin.email);
  const phone = await device(browser, ACCOUNTS.admin.email);
  await laptop.page.goto("/profile");
  await laptop.page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(laptop.page).toHaveURL(/\/$/);
  expect(await meStatus(request, laptop.token)).toBe(401);
  expect(await meStatus(request, phone.token)).toBe(401);
  // The other device finds out on its next request: back to sign-in.
  await phone.page.goto("/company/users");
  await expect(phone.page).toHaveURL(/\/$/);
  await laptop.close();
  await phone.close();
});

test("a company admin signs a staff member out everywhere from the user's page", async ({ browser, page, request }) => {
  const staff = await device(browser, ACCOUNTS.staff.email);
  await signInAs(page, ACCOUNTS.companyAdmin.email);
  await expect(page).toHaveURL(/\/company\/dashboard$/);
  await page.goto(`/company/users/${await staffId(page, request)}`);
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByText("User signed out on every device")).toBeVisible();
  expect(await meStatus(request, staff.token)).toBe(401);
  await staff.close();
});

for (const size of WIDTHS) {
  test(`the new controls, ${size.name} (${size.width}px)`, async ({ page, request }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signInAs(page, ACCOUNTS.companyAdmin.email);
    await expect(page).toHaveURL(/\/company\/dashboard$/);
    await page.getByRole("banner").getByRole("button", { name: /company admin/i }).click();
    await expect(page.getByRole("button", { name: "Sign out everywhere" })).toBeVisible();
    await capture(page, `sign-out-menu-${size.name}`);
    await page.keyboard.press("Escape");

    await page.goto("/profile");
    const card = page.getByRole("heading", { name: "Sessions" });
    await card.scrollIntoViewIfNeeded();
    await capture(page, `sign-out-profile-${size.name}`);

    await page.goto(`/company/users/${await staffId(page, request)}`);
    await page.getByRole("heading", { name: "Sessions" }).scrollIntoViewIfNeeded();
    await capture(page, `sign-out-user-${size.name}`);
  });
}
