import { expect, test, type Locator, type Page } from "@playwright/test";
import { ACCOUNTS, codeCount, nextCode, signInAs } from "./support/auth";
import { E2E } from "./support/env";

// The admin back office (PRODUCT §2, §4, §5, §8) against the production build: the super admin creates a
// company admin and manages their pages; a company admin creates staff, assigns pages and bans; and the
// dashboard counts agree with the conversations the API lists.

const APP = `http://localhost:${E2E.port}`;
const SIM = `http://127.0.0.1:${E2E.simulatorPort}`;
const SUPPORT = "100000000000003";

/** A suffix no other test uses, so tests sharing the database do not see each other's rows. */
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A bearer token for API set-up calls, through the real sign-in endpoints. */
async function tokenFor(email: string): Promise<string> {
  const known = await codeCount(email);
  await fetch(`${APP}/api/auth/otp`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email }) });
  const otp = await nextCode(email, known);
  const res = await fetch(`${APP}/api/auth/verify`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, otp }) });
  return ((await res.json()) as { token: string }).token;
}

async function apiCall<T>(token: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${APP}${path}`, {
    method: init.method ?? "GET",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

async function simPost<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${SIM}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

function row(scope: Page | Locator, text: string): Locator {
  return scope.getByRole("row").filter({ hasText: text });
}

function toast(page: Page, text: string): Locator {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

test.describe("super admin", () => {
  test.describe.configure({ timeout: 90_000 });

  test("creates a company admin with a company, adds a page for them, edits and deletes it", async ({ page }) => {
    const id = stamp();
    const name = `Cora ${id}`;
    const email = `cora.${id}@globex.test`;
    const pageName = `Globex ${id}`;

    await signInAs(page, ACCOUNTS.superAdmin.email);
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();
    await expect(page.getByText(/^Showing 1 to \d+ of \d+ users$/)).toBeVisible();

    // Create a company admin: the rules of PRODUCT §5, then success.
    await page.getByRole("link", { name: "Create User" }).click();
    await expect(page).toHaveURL(/\/create-user$/);
    await expect(page.getByLabel("Role")).toHaveValue("company admin");
    await page.getByRole("button", { name: "Create User" }).click();
    await expect(page.getByText("Name is required", { exact: true })).toBeVisible();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await expect(page.getByText("Company name is required")).toBeVisible();
    await page.getByLabel("Full name").fill(name);
    await page.getByLabel("Email address").fill(email.toUpperCase());
    await page.getByLabel("Password", { exact: true }).fill("secret1");
    await page.getByLabel("Confirm password").fill("secret2");
    await page.getByLabel("Company name").fill(`Globex ${id}`);
    await page.getByRole("button", { name: "Create User" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await page.getByLabel("Confirm password").fill("secret1");
    await page.getByRole("button", { name: "Create User" }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(toast(page, "User created successfully")).toBeVisible();
    // The address was lowercased on send.
    const userRow = row(page, email);
    await expect(userRow).toContainText(name);
    await expect(userRow).toContainText("company admin");

    // The same address again: the server's message, once (on the e-mail field, not again in an alert).
    await page.goto("/create-user");
    await page.getByLabel("Full name").fill(name);
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("secret1");
    await page.getByLabel("Confirm password").fill("secret1");
    await page.getByLabel("Company name").fill("Another");
    await page.getByRole("button", { name: "Create User" }).click();
    await expect(page.getByText("A user with this email already exists")).toHaveCount(1);
    await expect(page.getByText("A user with this email already exists")).toBeVisible();
    await page.getByRole("link", { name: "Cancel" }).click();

    // Add a page for them (PRODUCT §5 Add page).
    await row(page, email).getByRole("link", { name: `Add Page for ${name}` }).click();
    await expect(page).toHaveURL(/\/[0-9a-f-]{36}\/add-page$/);
    const userId = page.url().split("/").at(-2)!;
    await expect(page.getByRole("link", { name: "Back to Users" })).toHaveAttribute("href", "/users");
    await page.getByRole("button", { name: "Add Page" }).click();
    await expect(page.getByText("Page name is required")).toBeVisible();
    await expect(page.getByText("Page ID is required")).toBeVisible();
    await expect(page.getByText("Page access token is required")).toBeVisible();
    await page.getByLabel("Page name").fill("G");
    await page.getByLabel("Page ID").fill("12ab");
    await page.getByLabel("Page access token").fill("short");
    await page.getByRole("button", { name: "Add Page" }).click();
    await expect(page.getByText("Page name must be at least 2 characters")).toBeVisible();
    await expect(page.getByText("Page ID must contain only numbers")).toBeVisible();
    await expect(page.getByText("Access token appears to be too short")).toBeVisible();
    // A page already in the system (the seed's Acme Shoes), even with its real token.
    await page.getByLabel("Page name").fill(pageName);
    await page.getByLabel("Page ID").fill("100000000000001");
    await page.getByLabel("Page access token").fill("SIMULATOR_PAGE_TOKEN_acme_shoes_0001");
    await page.getByRole("button", { name: "Add Page" }).click();
    await expect(page.getByText("This Facebook page has already been added to the system.")).toBeVisible();
    // A new page Facebook (the simulator) knows, with its own token: Graph confirms it.
    const facebookId = `2${Date.now()}`.slice(0, 15);
    await fetch(`${SIM}/sim/pages`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ pageId: facebookId, name: pageName, accessToken: `GLOBEX_TOKEN_${facebookId}` }) });
    await page.getByLabel("Page access token").fill(`GLOBEX_TOKEN_${facebookId}`);
    await page.getByLabel("Page ID").fill(` ${facebookId} `);
    await page.getByRole("button", { name: "Add Page" }).click();
    await expect(page).toHaveURL(new RegExp(`/fb-pages/${userId}$`));
    await expect(toast(page, "Page added successfully")).toBeVisible();
    await expect(page.getByRole("heading", { name: `${name}'s Pages` })).toBeVisible();
    await expect(page.getByText("Total pages: 1")).toBeVisible();
    const pageRow = row(page, pageName);
    await expect(pageRow).toContainText(`ID ${facebookId}`);
    await expect(pageRow).toContainText("Token valid");
    await expect(pageRow).toContainText("No events yet");

    // Edit it: the token stays unless typed.
    await pageRow.getByRole("link", { name: `Edit ${pageName}` }).click();
    await expect(page).toHaveURL(/\/edit-page\/[0-9a-f-]{36}$/);
    await expect(page.getByLabel("Page name")).toHaveValue(pageName);
    await expect(page.getByLabel("Page ID")).toHaveValue(facebookId);
    await expect(page.getByLabel("Page access token")).toHaveValue("");
    await page.getByLabel("Page name").fill(`${pageName} Store`);
    await page.getByRole("button", { name: "Update Page" }).click();
    await expect(page).toHaveURL(new RegExp(`/fb-pages/${userId}$`));
    await expect(toast(page, "Page updated successfully")).toBeVisible();
    await expect(row(page, `${pageName} Store`)).toBeVisible();

    // Delete it, after the confirmation.
    await row(page, `${pageName} Store`).getByRole("button", { name: `Delete ${pageName} Store` }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(`Are you sure you want to delete the page "${pageName} Store"? This action cannot be undone.`);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Page deleted successfully")).toBeVisible();
    await expect(page.getByText("No pages added for this user yet.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Add Page" })).toHaveCount(2);

    // Their details: Update Email (PRODUCT §5's odd blank text) and a super admin's ban/unban.
    await page.goto("/users");
    await row(page, email).getByRole("link", { name: `Edit ${name}` }).click();
    await expect(page.getByRole("heading", { name: "User Details" })).toBeVisible();
    await expect(page.getByText("Active", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Update Email" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please enter a new password" })).toBeVisible();
    await page.getByLabel("New email address").fill("not-an-address");
    await page.getByRole("button", { name: "Update Email" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    const newEmail = `cora.new.${id}@globex.test`;
    await page.getByLabel("New email address").fill(newEmail);
    await page.getByRole("button", { name: "Update Email" }).click();
    await expect(toast(page, "Email updated successfully")).toBeVisible();
    await expect(page.getByText(`Current address: ${newEmail}`)).toBeVisible();

    // /pages lists every page, with its health.
    await page.goto("/pages");
    await expect(row(page, "Acme Shoes")).toContainText("Acme");
    await expect(row(page, "Acme Shoes")).toContainText(/Token valid|Needs new token/);
  });
});

test.describe("company admin", () => {
  test.describe.configure({ timeout: 120_000 });

  test("creates staff, assigns and unassigns pages in the modal, bans, unbans and deletes them", async ({ page }) => {
    const id = stamp();
    const name = `Nina ${id}`;
    const email = `nina.${id}@acme.local`;

    await signInAs(page, ACCOUNTS.companyAdmin.email);
    await expect(page).toHaveURL(/\/company\/dashboard$/);
    await page.goto("/company/users");
    await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();
    await page.getByRole("link", { name: "Add User" }).click();
    await expect(page).toHaveURL(/\/company\/create-user$/);
    await expect(page.getByRole("link", { name: "Back to Users" })).toHaveAttribute("href", "/company/users");

    // A company admin may create admins and staff (PRODUCT §6); the role is required.
    const role = page.getByLabel("User role");
    await expect(role).toBeEnabled();
    await expect(role.locator("option")).toHaveText(["Select a role", "Admin", "Staff"]);
    await page.getByRole("button", { name: "Create User" }).click();
    await expect(page.getByText("Name is required", { exact: true })).toBeVisible();
    await expect(page.getByText("Please select a role")).toBeVisible();
    await page.getByLabel("Full name").fill(`  ${name}  `);
    await page.getByLabel("Email address").fill(email.toUpperCase());
    await role.selectOption("staff");
    await page.getByRole("button", { name: "Create User" }).click();
    await expect(page).toHaveURL(/\/company\/users$/);
    await expect(toast(page, "User created successfully")).toBeVisible();
    await expect(row(page, email)).toContainText(name);
    await expect(row(page, email)).toContainText("staff");

    // The view modal.
    await row(page, email).getByRole("button", { name: `View ${name}` }).click();
    const view = page.getByRole("dialog", { name: "User Details" });
    await expect(view).toContainText(email);
    await expect(view).toContainText("Acme");
    await view.getByRole("button", { name: "Close" }).click();

    // Assign Pages from FB Pages.
    await page.goto("/company/fb-pages");
    await expect(page.getByRole("heading", { name: "FB Pages" })).toBeVisible();
    await expect(row(page, "Acme Shoes")).toContainText(/Token valid|Needs new token/);
    await page.getByRole("button", { name: `Assign Pages to ${name}` }).click();
    let modal = page.getByRole("dialog", { name: "Assign Pages" });
    await expect(modal.getByLabel("User")).toHaveValue(`${name} (${email})`);
    await expect(modal.getByLabel("User")).toBeDisabled();
    await expect(modal.getByText("Select one or more Facebook pages to assign to this user")).toBeVisible();
    await expect(modal.getByRole("button", { name: "Assign (0) Pages" })).toBeDisabled();
    const search = modal.getByRole("searchbox", { name: "Search pages" });
    await search.fill("outlet");
    await expect(modal.getByRole("button", { name: "Add Acme Outlet" })).toBeVisible();
    await expect(modal.getByRole("button", { name: "Add Acme Shoes" })).toHaveCount(0);
    await search.fill("zzz");
    await expect(modal.getByText('No pages found matching "zzz"')).toBeVisible();
    await search.fill("");
    await modal.getByRole("button", { name: "Add Acme Shoes" }).click();
    await modal.getByRole("button", { name: "Add Acme Outlet" }).click();
    await expect(modal.getByRole("button", { name: "Remove Acme Shoes" })).toBeVisible();
    await modal.getByRole("button", { name: "Assign (2) Pages" }).click();
    await expect(toast(page, "Pages assigned successfully!")).toBeVisible();
    await expect(modal).toBeHidden();

    // Reopened: the selection starts as the saved set; submitting it unchanged sends nothing.
    await page.getByRole("button", { name: `Assign Pages to ${name}` }).click();
    modal = page.getByRole("dialog", { name: "Assign Pages" });
    await expect(modal.getByText("Modify page assignments or add new pages for this user")).toBeVisible();
    await expect(modal.getByRole("button", { name: "Remove Acme Shoes" })).toBeVisible();
    await expect(modal.getByRole("button", { name: "Remove Acme Outlet" })).toBeVisible();
    await modal.getByRole("button", { name: "Assign (2) Pages" }).click();
    await expect(toast(page, "No changes made to page assignments")).toBeVisible();
    await expect(modal).toBeHidden();

    // Removing a saved chip takes access away at once.
    await page.getByRole("button", { name: `Assign Pages to ${name}` }).click();
    modal = page.getByRole("dialog", { name: "Assign Pages" });
    await modal.getByRole("button", { name: "Remove Acme Outlet" }).click();
    await expect(toast(page, "Pages access removed successfully!")).toBeVisible();
    await expect(modal.getByRole("button", { name: "Assign (1) Pages" })).toBeVisible();
    // Adding everything left empties the list; Cancel keeps the saved set.
    const addButtons = modal.getByRole("button", { name: /^Add / });
    while ((await addButtons.count()) > 0) await addButtons.first().click();
    await expect(modal.getByText("All pages are already assigned")).toBeVisible();
    await modal.getByRole("button", { name: "Cancel" }).click();
    await expect(modal).toBeHidden();

    // The user's details show the pages they answer now, and ban/unban.
    await page.goto("/company/users");
    await row(page, email).getByRole("link", { name: `Edit ${name}` }).click();
    await expect(page).toHaveURL(/\/company\/users\/[0-9a-f-]{36}$/);
    const access = page.getByRole("list", { name: "Assigned pages" });
    await expect(access.getByRole("listitem")).toHaveText(["Acme Shoes"]);
    await expect(page.getByText("Warning: banning this user")).toBeVisible();
    await page.getByRole("button", { name: "Ban User" }).click();
    await expect(toast(page, "User banned successfully")).toBeVisible();
    await expect(page.getByText("InActive", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Unban User" }).click();
    await expect(toast(page, "User unbanned successfully")).toBeVisible();
    await expect(page.getByText("Active", { exact: true })).toBeVisible();

    // Delete, with the spec's question.
    await page.getByRole("link", { name: "Back to Users" }).click();
    await row(page, email).getByRole("button", { name: `Delete ${name}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText(`Are you sure you want to delete the user "${name}"? This action cannot be undone.`);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "User deleted successfully")).toBeVisible();
    await expect(row(page, email)).toHaveCount(0);
  });

  test("an admin may only create staff: the role is fixed", async ({ page }) => {
    await signInAs(page, ACCOUNTS.admin.email);
    await expect(page).toHaveURL(/\/company\/dashboard$/);
    await page.goto("/company/create-user");
    const role = page.getByLabel("User role");
    await expect(role).toBeDisabled();
    await expect(role).toHaveValue("staff");
    await expect(role.locator("option")).toHaveText(["Staff"]);
  });
});

type ListItem = { conversationId: string; from_id: string; is_important: boolean; is_spam: boolean };
type ListAnswer = { data: ListItem[]; pagination: { hasNextPage: boolean; nextCursor?: string | null } };

/** Every conversation of a page the API lists, optionally only important or spam ones. */
async function countConversations(token: string, pageId: string, filter = ""): Promise<number> {
  let count = 0;
  let cursor: string | undefined;
  let page = 1;
  for (;;) {
    const query = `limit=100&page=${page}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}${filter}`;
    const answer = await apiCall<ListAnswer>(token, `/api/conversations/${pageId}?${query}`);
    count += answer.data.length;
    if (!answer.pagination.hasNextPage) return count;
    cursor = answer.pagination.nextCursor ?? undefined;
    page += 1;
  }
}

function card(page: Page, label: string): Locator {
  return page.getByRole("group", { name: label }).locator("[data-stat-value]");
}

test.describe("dashboard", () => {
  test.describe.configure({ timeout: 90_000 });

  test("the counts match the conversations the API lists, for all pages and for one", async ({ page }) => {
    const token = await tokenFor(ACCOUNTS.companyAdmin.email);
    // A new customer on Acme Support, flagged important, so the counts are not all zero.
    const { psid } = await simPost<{ psid: string }>("/sim/customers", { pageId: SUPPORT, firstName: "Dash", lastName: stamp() });
    await simPost("/sim/messages", { pageId: SUPPORT, psid, text: "Is my order on its way?" });
    await expect
      .poll(async () => (await apiCall<ListAnswer>(token, `/api/conversations/${SUPPORT}?limit=100`)).data.some((c) => c.from_id === psid))
      .toBe(true);
    const list = await apiCall<ListAnswer>(token, `/api/conversations/${SUPPORT}?limit=100`);
    const convo = list.data.find((c) => c.from_id === psid)!;
    await apiCall(token, "/api/conversations/mark-important", { method: "POST", body: { senderId: psid, pageId: SUPPORT, conversationId: convo.conversationId } });

    const stats = await apiCall<{ pages: { _id: string; name: string }[] }>(token, "/api/dashboard/stats");
    const expected = { total: 0, important: 0, spam: 0 };
    const perPage: Record<string, typeof expected> = {};
    for (const p of stats.pages) {
      perPage[p._id] = {
        total: await countConversations(token, p._id),
        important: await countConversations(token, p._id, "&isImportant=true"),
        spam: await countConversations(token, p._id, "&isSpam=true"),
      };
      expected.total += perPage[p._id]!.total;
      expected.important += perPage[p._id]!.important;
      expected.spam += perPage[p._id]!.spam;
    }
    expect(expected.total).toBeGreaterThan(0);
    expect(expected.important).toBeGreaterThan(0);

    await signInAs(page, ACCOUNTS.companyAdmin.email);
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByText("Overview of user metrics across your pages")).toBeVisible();
    await expect(page.getByText(/^Last updated: \d{1,2}:\d{2}:\d{2} [AP]M$/)).toBeVisible();
    const select = page.getByLabel("Page", { exact: true });
    await expect(select.locator("option").first()).toHaveText("All Pages");
    await expect(card(page, "Total Users")).toHaveText(expected.total.toLocaleString("en-US"));
    await expect(card(page, "Important Users")).toHaveText(expected.important.toLocaleString("en-US"));
    await expect(card(page, "Spam Users")).toHaveText(expected.spam.toLocaleString("en-US"));

    const support = stats.pages.find((p) => p.name === "Acme Support")!;
    await select.selectOption(support._id);
    await expect(card(page, "Total Users")).toHaveText(String(perPage[support._id]!.total));
    await expect(card(page, "Important Users")).toHaveText(String(perPage[support._id]!.important));
    await expect(card(page, "Spam Users")).toHaveText(String(perPage[support._id]!.spam));
    // The public half (issue 42): the comments' cards, each with its Facebook / Instagram split.
    type CommentCounts = { commenters: number; unanswered: number };
    const { comments } = await apiCall<{ comments: Record<"fb_comment" | "ig_comment", CommentCounts> }>(token, `/api/dashboard/stats?pageId=${support._id}`);
    await expect(card(page, "Commenters")).toHaveText(String(comments.fb_comment.commenters + comments.ig_comment.commenters));
    await expect(card(page, "Comments Awaiting an Answer")).toHaveText(String(comments.fb_comment.unanswered + comments.ig_comment.unanswered));
    await expect(page.getByRole("group", { name: "Commenters" })).toContainText(`Facebook ${comments.fb_comment.commenters} · Instagram ${comments.ig_comment.commenters}`);
  });
});
