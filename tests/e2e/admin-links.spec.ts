import { expect, test, type Locator, type Page } from "@playwright/test";
import { ACCOUNTS, codeCount, nextCode, signInAs } from "./support/auth";
import { E2E } from "./support/env";

// The approved-links whitelist and the violation log (PRODUCT §2, §5, §8, §9) against the production build.
// Patterns of every type are added, edited, searched, paged and deleted; a staff user's blocked message
// shows up in the company admin's Security Violation Log.

const APP = `http://localhost:${E2E.port}`;
const SIM = `http://127.0.0.1:${E2E.simulatorPort}`;
const SHOES = "100000000000001";
const WHITELIST_ERROR = "Please enter a valid URL, domain, email domain pattern (*@domain.com), or URL wildcard ({host}/*)";

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function tokenFor(email: string): Promise<string> {
  const known = await codeCount(email);
  await fetch(`${APP}/api/auth/otp`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email }) });
  const otp = await nextCode(email, known);
  const res = await fetch(`${APP}/api/auth/verify`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, otp }) });
  return ((await res.json()) as { token: string }).token;
}

async function apiCall<T>(token: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${APP}${path}`, {
    method: init.method ?? "GET",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function simPost<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${SIM}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The row whose URL/Pattern cell is exactly `url` (patterns of one domain contain each other). */
function patternRow(page: Page, url: string): Locator {
  return page.getByRole("row").filter({ has: page.getByText(url, { exact: true }) });
}

function toast(page: Page, text: string): Locator {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

test.describe("approved URLs & patterns", () => {
  test.describe.configure({ timeout: 120_000 });

  test("adds, edits, searches, pages and deletes patterns of every type", async ({ page }) => {
    const domain = `wl${stamp()}.test`;
    await signInAs(page, ACCOUNTS.companyAdmin.email);
    await expect(page).toHaveURL(/\/company\/dashboard$/);
    await page.goto("/company/whitelist-urls");
    await expect(page.getByRole("heading", { name: "Approved URLs & Patterns" })).toBeVisible();
    const search = page.getByRole("searchbox", { name: "Search approved patterns" });
    await expect(search).toHaveAttribute("placeholder", "Search URLs, patterns, or creators...");
    await expect(page.getByLabel("Show")).toHaveValue("10");

    // An invalid pattern: the PRODUCT §5 message inline, cleared by typing.
    await page.getByRole("button", { name: "Add Pattern" }).click();
    let modal = page.getByRole("dialog", { name: "Add Approved Pattern" });
    await expect(modal.getByText("Supported formats")).toBeVisible();
    await modal.getByLabel("URL/Pattern").fill("not a pattern");
    await modal.getByRole("button", { name: "Save" }).click();
    await expect(modal.getByText(WHITELIST_ERROR)).toBeVisible();
    await modal.getByLabel("URL/Pattern").press("End");
    await modal.getByLabel("URL/Pattern").press("Backspace");
    await expect(modal.getByText(WHITELIST_ERROR)).toBeHidden();
    await modal.getByRole("button", { name: "Cancel" }).click();
    await expect(modal).toBeHidden();

    // One of each type.
    const patterns = [
      { url: `https://${domain}/offers`, type: "URL", colour: "bg-blue-100" },
      { url: domain, type: "Domain", colour: "bg-green-100" },
      { url: `*@${domain}`, type: "Email Domain", colour: "bg-purple-100" },
      { url: `docs.${domain}/*`, type: "URL Wildcard", colour: "bg-orange-100" },
    ];
    for (const pattern of patterns) {
      await page.getByRole("button", { name: "Add Pattern" }).click();
      modal = page.getByRole("dialog", { name: "Add Approved Pattern" });
      await modal.getByLabel("URL/Pattern").fill(`  ${pattern.url} `);
      await modal.getByRole("button", { name: "Save" }).click();
      await expect(modal).toBeHidden();
      await expect(toast(page, "URL added").first()).toBeVisible();
    }
    // PRODUCT §9: whitelist toasts sit top-center.
    await expect(page.locator('[data-sonner-toaster][data-y-position="top"][data-x-position="center"] [data-sonner-toast]').first()).toBeVisible();

    await search.fill(domain);
    await expect(page.getByText(/^Showing 1 to 4 of 4 patterns \(filtered from \d+ total\)$/)).toBeVisible();
    const colours = new Set<string>();
    for (const pattern of patterns) {
      const badge = patternRow(page, pattern.url).getByText(pattern.type, { exact: true });
      await expect(badge).toBeVisible();
      await expect(badge).toHaveClass(new RegExp(pattern.colour));
      // The class must also win on screen: four types, four background colours.
      colours.add(await badge.evaluate((el) => getComputedStyle(el).backgroundColor));
      await expect(patternRow(page, pattern.url)).toContainText("Olivia Owner");
      await expect(patternRow(page, pattern.url)).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/);
    }
    expect(colours.size).toBe(4);
    const link = page.getByRole("link", { name: `https://${domain}/offers` });
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await expect(page.getByRole("link", { name: domain, exact: true })).toHaveCount(0);

    // A duplicate: the server's message in a toast; the modal stays open.
    await page.getByRole("button", { name: "Add Pattern" }).click();
    modal = page.getByRole("dialog", { name: "Add Approved Pattern" });
    await modal.getByLabel("URL/Pattern").fill(domain);
    await modal.getByRole("button", { name: "Save" }).click();
    await expect(page.locator("[data-sonner-toast][data-type=error]")).toBeVisible();
    await modal.getByRole("button", { name: "Close" }).click();

    // Edit: prefilled, 'Update'.
    await patternRow(page, `https://${domain}/offers`).getByRole("button", { name: `Edit https://${domain}/offers`, exact: true }).click();
    modal = page.getByRole("dialog", { name: "Edit Pattern" });
    await expect(modal.getByLabel("URL/Pattern")).toHaveValue(`https://${domain}/offers`);
    await modal.getByLabel("URL/Pattern").fill(`https://${domain}/deals`);
    await modal.getByRole("button", { name: "Update" }).click();
    await expect(toast(page, "URL updated")).toBeVisible();
    await expect(patternRow(page, `https://${domain}/deals`)).toBeVisible();
    await expect(patternRow(page, `https://${domain}/offers`)).toHaveCount(0);

    // Search misses, and Clear search.
    await search.fill(`zz-${domain}`);
    await expect(page.getByText(`No patterns found matching "zz-${domain}".`)).toBeVisible();
    await page.getByRole("button", { name: "Clear search" }).last().click();
    await expect(search).toHaveValue("");

    // Paging: 12 patterns under this domain, five a page.
    const token = await tokenFor(ACCOUNTS.companyAdmin.email);
    for (let i = 1; i <= 8; i += 1) {
      const { status } = await apiCall(token, "/api/urls", { method: "POST", body: { url: `s${i}.${domain}` } });
      expect(status).toBeLessThan(300);
    }
    await page.reload();
    await search.fill(domain);
    await expect(page.getByText(/^Showing 1 to 10 of 12 patterns/)).toBeVisible();
    await page.getByLabel("Show").selectOption("5");
    await expect(page.getByText(/^Showing 1 to 5 of 12 patterns/)).toBeVisible();
    const pager = page.getByRole("navigation", { name: "Patterns pages" });
    await expect(pager.getByRole("button", { name: /^Page \d+$/ })).toHaveText(["1", "2", "3"]);
    await pager.getByRole("button", { name: "Page 3" }).click();
    await expect(page.getByText(/^Showing 11 to 12 of 12 patterns/)).toBeVisible();
    await expect(pager.getByRole("button", { name: "Page 3" })).toHaveAttribute("aria-current", "page");
    // A new search goes back to page 1.
    await search.fill(`s1.${domain}`);
    await expect(page.getByText(/^Showing 1 to 1 of 1 patterns/)).toBeVisible();
    await expect(pager).toBeHidden();
    await search.fill(domain);
    await expect(page.getByText(/^Showing 1 to 5 of 12 patterns/)).toBeVisible();

    // Delete, with the spec's question.
    await page.getByLabel("Show").selectOption("25");
    await patternRow(page, `*@${domain}`).getByRole("button", { name: `Delete *@${domain}`, exact: true }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Are you sure you want to delete this URL? This action cannot be undone.");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "URL removed")).toBeVisible();
    await expect(patternRow(page, `*@${domain}`)).toHaveCount(0);
    await expect(page.getByText(/^Showing 1 to 11 of 11 patterns/)).toBeVisible();
  });
});

test.describe("security violation log", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a staff user's blocked link is logged; search, filters and one expanded row at a time", async ({ page }) => {
    const evil = `evil${stamp()}.example`;
    // A customer writes to Acme Shoes (Sara answers it), so there is a conversation to reply in.
    const { psid } = await simPost<{ psid: string }>("/sim/customers", { pageId: SHOES, firstName: "Vic", lastName: stamp() });
    await simPost("/sim/messages", { pageId: SHOES, psid, text: "Any discount codes?" });
    const staff = await tokenFor(ACCOUNTS.staff.email);
    type Convo = { conversationId: string; from_id: string };
    let convo: Convo | undefined;
    await expect
      .poll(async () => {
        const { body } = await apiCall<{ data: Convo[] }>(staff, `/api/conversations/${SHOES}?limit=100`);
        convo = body.data.find((c) => c.from_id === psid);
        return convo !== undefined;
      })
      .toBe(true);

    const texts = [`Grab it at http://${evil}/win now`, `Or try https://deals.${evil}/x and ${evil}`];
    for (const text of texts) {
      const { body } = await apiCall<{ error?: string; urls?: string[] }>(staff, "/api/send-message", {
        method: "POST",
        body: { conversationId: convo!.conversationId, pageId: SHOES, recipient_id: psid, text, message_type: "text" },
      });
      expect(body.error).toBeTruthy();
      expect(body.urls?.length).toBeGreaterThan(0);
    }

    await signInAs(page, ACCOUNTS.companyAdmin.email);
    await expect(page).toHaveURL(/\/company\/dashboard$/);
    await page.goto("/company/url-violations");
    await expect(page.getByRole("heading", { name: "Security Violation Log" })).toBeVisible();
    const search = page.getByRole("searchbox", { name: "Search violations" });
    const filter = page.getByLabel("Search in");
    await expect(filter.locator("option")).toHaveText(["All Fields", "User Only", "Page Only"]);

    await search.fill(evil);
    await expect(page.getByText("Showing 1 to 2 of 2 violations")).toBeVisible();
    const rows = page.getByRole("row").filter({ hasText: "Sara Staff" });
    await expect(rows).toHaveCount(2);
    const first = rows.filter({ hasText: `http://${evil}/win` });
    await expect(first).toContainText("Acme Shoes");
    // Violated URLs are red chips; the timestamp is the time, then the date.
    await expect(first.getByRole("list", { name: "Violated URLs" }).getByRole("listitem").first()).toHaveClass(/bg-red-50/);
    await expect(first).toContainText(/\d{1,2}:\d{2} [AP]M[A-Z][a-z]{2} \d{1,2}, \d{4}/);

    // One expanded row at a time.
    await first.getByRole("button", { name: "View" }).click();
    await expect(page.getByText("Full Message Content")).toHaveCount(1);
    await expect(page.getByText(texts[0]!)).toBeVisible();
    const second = rows.filter({ hasNotText: `http://${evil}/win` });
    await second.getByRole("button", { name: "View" }).click();
    await expect(page.getByText("Full Message Content")).toHaveCount(1);
    await expect(page.getByText(texts[1]!)).toBeVisible();
    await expect(page.getByText(texts[0]!)).toBeHidden();
    await second.getByRole("button", { name: "Hide" }).click();
    await expect(page.getByText("Full Message Content")).toHaveCount(0);

    // User Only does not look at links; Page Only matches the page name.
    await filter.selectOption("user");
    await expect(page.getByText(`No violation records found matching "${evil}".`)).toBeVisible();
    await filter.selectOption("page");
    await search.fill("Acme Shoes");
    await expect(page.getByText(/^Showing 1 to \d+ of \d+ violations$/)).toBeVisible();
    await filter.selectOption("user");
    await search.fill("Sara Staff");
    await expect(page.getByText(/^Showing 1 to \d+ of \d+ violations$/)).toBeVisible();
    await expect(page.getByLabel("Show")).toHaveValue("10");
  });
});
