import { expect, test } from "@playwright/test";
import { ACCOUNTS, codeCount, nextCode, signIn } from "./support/auth";

const COMPANY_MENU = ["Dashboard", "Reports", "Users", "FB Pages", "Whitelist URLs", "URL Violations", "Send Offer", "Scheduled Offers"];

test.describe("sign-in through the UI lands each role on its path", () => {
  test("super admin → /users, sidebar shows only Users", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin.email);
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText(["Users"]);
    await expect(page.getByRole("banner").getByText("super admin", { exact: true })).toBeVisible();
  });

  test("company admin → /company/dashboard with the seven items and, like admins, a Chats button (DECISIONS)", async ({ page }) => {
    await signIn(page, ACCOUNTS.companyAdmin.email);
    await expect(page).toHaveURL(/\/company\/dashboard$/);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText([...COMPANY_MENU, "Audit Log"]);
    await expect(page.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("banner").getByText("company admin", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Chats" })).toHaveAttribute("href", "/chats");
  });

  test("admin → /company/dashboard with the seven items and a Chats button", async ({ page }) => {
    await signIn(page, ACCOUNTS.admin.email);
    await expect(page).toHaveURL(/\/company\/dashboard$/);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText(COMPANY_MENU);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" }).click();
    await expect(page).toHaveURL(/\/company\/users$/);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" })).toHaveAttribute("aria-current", "page");
    await page.getByRole("link", { name: "Chats" }).click();
    await expect(page).toHaveURL(/\/chats$/);
  });

  test("staff → /chats", async ({ page }) => {
    await signIn(page, ACCOUNTS.staff.email);
    await expect(page).toHaveURL(/\/chats$/);
    await expect(page.getByText("No conversation selected")).toBeVisible();
    await expect(page.getByRole("button", { name: "Admin Panel" })).toHaveCount(0);
  });
});

test("sign-in validation and error texts", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await page.getByLabel("Email address").fill("not-an-address");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();

  const email = ACCOUNTS.staff.email;
  const known = await codeCount(email);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page).toHaveURL(/[?&]mode=otp/);
  const code = await nextCode(email, known);

  const input = page.getByLabel("Verification code");
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByText("OTP is required")).toBeVisible();
  await input.pressSequentially("1a2-3");
  await expect(input).toHaveValue("123");
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByText("OTP must be 6 digits")).toBeVisible();
  await input.fill("");
  await input.pressSequentially("98765432");
  await expect(input).toHaveValue("987654");

  const wrong = code === "987654" ? "987655" : "987654";
  await input.fill(wrong);
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByText("Incorrect code. 4 attempts left.")).toBeVisible();

  await page.getByRole("button", { name: "Back to email" }).click();
  await expect(page).not.toHaveURL(/mode=otp/);
  await expect(page.getByLabel("Email address")).toBeVisible();
});

test("a signed-in user opening / goes to their landing path", async ({ page }) => {
  await signIn(page, ACCOUNTS.admin.email);
  await expect(page).toHaveURL(/\/company\/dashboard$/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/company\/dashboard$/);
});

test("a forbidden route shows Access Denied with Go Back", async ({ page }) => {
  await signIn(page, ACCOUNTS.staff.email);
  await expect(page).toHaveURL(/\/chats$/);
  await page.goto("/company/users");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  await page.getByRole("button", { name: "Go Back" }).click();
  await expect(page).toHaveURL(/\/chats$/);
});

test("an unauthenticated visit goes to / and returns to the page after sign-in", async ({ page }) => {
  await page.goto("/company/users");
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await expect(page.getByLabel("Email address")).toBeVisible();
  await signIn(page, ACCOUNTS.companyAdmin.email, { from: page.url() });
  await expect(page).toHaveURL(/\/company\/users$/);
});

test("deleting the session token sends the user back to /", async ({ page }) => {
  await signIn(page, ACCOUNTS.companyAdmin.email);
  await expect(page).toHaveURL(/\/company\/dashboard$/);
  await page.evaluate(() => window.localStorage.removeItem("token"));
  await page.goto("/company/users");
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await expect(page.getByLabel("Email address")).toBeVisible();
});

test("a token the server rejects clears the session and goes to /", async ({ page }) => {
  await signIn(page, ACCOUNTS.companyAdmin.email);
  await expect(page).toHaveURL(/\/company\/dashboard$/);
  await page.evaluate(() => window.localStorage.setItem("token", "revoked-or-forged"));
  await page.reload();
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  expect(await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("user")])).toEqual([null, null]);
});

test("profile menu: Profile Settings and Sign Out, closing on an outside click", async ({ page }) => {
  await signIn(page, ACCOUNTS.admin.email);
  await expect(page).toHaveURL(/\/company\/dashboard$/);
  const menuButton = page.getByRole("button", { name: /Adam Admin/ });
  await menuButton.click();
  await expect(page.getByRole("link", { name: "Profile Settings" })).toBeVisible();
  await page.getByRole("heading", { level: 1 }).click();
  await expect(page.getByRole("link", { name: "Profile Settings" })).toHaveCount(0);
  await menuButton.click();
  await page.getByRole("link", { name: "Profile Settings" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { name: "Profile Settings" })).toBeVisible();
  await menuButton.click();
  await page.getByRole("button", { name: "Sign Out", exact: true }).click();
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
});

test("on a phone the sidebar is a drawer with an overlay and a close button", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, ACCOUNTS.companyAdmin.email);
  await expect(page).toHaveURL(/\/company\/dashboard$/);
  await expect(page.getByRole("link", { name: "Whitelist URLs" })).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("link", { name: "Whitelist URLs" })).toBeVisible();
  await page.getByRole("button", { name: "Close menu" }).first().click();
  await expect(page.getByRole("link", { name: "Whitelist URLs" })).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("link", { name: "Whitelist URLs" }).click();
  await expect(page).toHaveURL(/\/company\/whitelist-urls$/);
  await expect(page.getByRole("heading", { name: "Approved URLs & Patterns" })).toBeVisible();
});
