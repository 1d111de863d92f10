import AxeBuilder from "@axe-core/playwright";
import { expect as baseExpect, test, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { ACCOUNTS, signInAs } from "./support/auth";
import { simPost, unique } from "./support/sim";

// Every screen through axe-core at 1440 and 375 px: no serious or critical violation, the lesser ones printed
// (docs/ACCESSIBILITY.md). One signed-in context per role, each screen loaded once and checked at both widths.
// Then the inbox and a dialog by keyboard alone, with screenshots (focus visible) in test-results/screens.

// Screens load slowly on a busy CI machine; every wait here is for a screen to be ready, never a timing check.
const expect = baseExpect.configure({ timeout: 20_000 });

const WIDTHS = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 375, height: 812 },
];
const SHOES = "100000000000001";
type Role = "staff" | "companyAdmin" | "superAdmin";

/** Runs axe at each width; returns the serious and critical violations, prints the others. */
async function audit(page: Page, screen: string): Promise<string[]> {
  const blocking: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    const started = Date.now();
    // Legacy mode runs axe in the page itself: the default opens a new page per analysis to merge frames'
    // results, which the app (no iframes) does not need and which doubled the time.
    // resultTypes: only violations are reported in full (passes and incomplete keep one node each), which
    // is what axe spends most of its time serialising on a large page.
    const { violations } = await new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"] }).analyze();
    console.log(`axe ${screen} @${size.width}: ${Date.now() - started} ms`);
    for (const v of violations) {
      const where = v.nodes.map((n) => n.target.join(" ")).slice(0, 4).join(" | ");
      const line = `${screen} @${size.width}px [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length}) ${where}`;
      if (v.impact === "serious" || v.impact === "critical") blocking.push(line);
      console.log(`axe ${v.impact === "serious" || v.impact === "critical" ? "BLOCKING" : "(not blocking)"}: ${line}`);
    }
  }
  return blocking;
}

const sessions = new Map<Role, Awaited<ReturnType<BrowserContext["storageState"]>>>();

/** A context signed in as `role`: the sign-in runs once per role, later contexts reuse its localStorage. */
async function contextFor(browser: Browser, role: Role): Promise<{ context: BrowserContext; page: Page }> {
  const options = { reducedMotion: "reduce" as const, viewport: { width: 1440, height: 900 } };
  const saved = sessions.get(role);
  const context = await browser.newContext(saved ? { ...options, storageState: saved } : options);
  const page = await context.newPage();
  if (!saved) {
    await signInAs(page, ACCOUNTS[role].email);
    await expect(page).toHaveURL(new RegExp(`${ACCOUNTS[role].landing}$`));
    sessions.set(role, await context.storageState());
  }
  return { context, page };
}

async function customerWrites(text: string): Promise<string> {
  const firstName = unique("Axe");
  const { psid } = await simPost<{ psid: string }>("/sim/customers", { pageId: SHOES, firstName, lastName: "Lima" });
  await simPost("/sim/messages", { pageId: SHOES, psid, text });
  return `${firstName} Lima`;
}

function row(page: Page, name: string) {
  return page.getByRole("list", { name: "Conversations" }).getByRole("listitem").filter({ hasText: name });
}

async function visit(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(path);
  await ready(page);
}

/** A signed-in page, and audits into `found`: `check` loads a screen and waits until it is ready, `checkDialog` opens a dialog. */
async function screensAs(browser: Browser, role: Role) {
  const { context, page } = await contextFor(browser, role);
  const found: string[] = [];
  const check = async (path: string, ready: (page: Page) => Promise<void>, screen = path) => {
    await visit(page, path, ready);
    found.push(...(await audit(page, screen)));
  };
  /** Opens the dialog from its button (at desktop width), audits it, closes it with Esc. */
  const checkDialog = async (button: string, dialog: string, screen: string) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole("button", { name: button }).click();
    await expect(page.getByRole("dialog", { name: dialog })).toBeVisible();
    found.push(...(await audit(page, screen)));
    await page.keyboard.press("Escape");
  };
  return { context, page, found, check, checkDialog };
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
};

test.describe("accessibility (axe-core, 1440 and 375 px)", () => {
  test.describe.configure({ timeout: 300_000 });

  test("sign-in steps", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    const found: string[] = [];
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Sign in to Switchboard" })).toBeVisible();
    found.push(...(await audit(page, "sign-in")));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByLabel("Email address").fill(ACCOUNTS.staff.email);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByLabel("Verification code")).toBeVisible();
    found.push(...(await audit(page, "sign-in code")));
    await context.close();
    expect(found).toEqual([]);
  });

  test("the inbox with a conversation open, its panels and dialogs", async ({ browser }) => {
    const name = await customerWrites("Is the blue pair back in stock?");
    const { context, page } = await contextFor(browser, "staff");
    const found: string[] = [];
    await visit(page, "/chats", async () => {
      await expect(row(page, name)).toBeVisible({ timeout: 15_000 });
    });
    found.push(...(await audit(page, "inbox list")));
    await page.setViewportSize({ width: 1440, height: 900 });
    await row(page, name).getByRole("button").first().click();
    await expect(page.getByRole("heading", { name })).toBeVisible();
    found.push(...(await audit(page, "inbox conversation")));

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole("button", { name: "Saved replies" }).click();
    await expect(page.getByRole("dialog", { name: "Saved replies" })).toBeVisible();
    found.push(...(await audit(page, "saved replies popover")));
    await page.keyboard.press("Escape");

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.locator("body").press("?");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
    found.push(...(await audit(page, "shortcuts sheet")));
    await page.keyboard.press("Escape");

    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole("button", { name: "Labels and notes" }).click();
    await expect(page.getByRole("dialog", { name: "Labels and notes" }).getByRole("heading", { name: "Labels", exact: true })).toBeVisible();
    found.push(...(await audit(page, "details drawer")));
    await context.close();
    expect(found).toEqual([]);
  });

  test("company admin screens", async ({ browser }) => {
    const { context, page, found, check, checkDialog } = await screensAs(browser, "companyAdmin");
    await check("/company/dashboard", async () => {
      await expect(page.getByText(/^Last updated: /)).toBeVisible();
    });
    await check("/company/users", async () => {
      await expect(page.getByText(/^Showing 1 to \d+ of \d+ users$/)).toBeVisible();
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole("button", { name: "View Sara Staff" }).click();
    await expect(page.getByRole("dialog", { name: "User Details" })).toBeVisible();
    found.push(...(await audit(page, "user details dialog")));
    await page.keyboard.press("Escape");
    const edit = await page.getByRole("link", { name: "Edit Sara Staff" }).first().getAttribute("href");
    await check(edit!, async () => {
      await expect(page.getByRole("list", { name: "Assigned pages" })).toBeVisible();
    }, "edit user");
    await check("/company/create-user", heading(/Create/));
    await check("/company/fb-pages", async () => {
      await expect(page.getByRole("row").filter({ hasText: "Acme Shoes" }).first()).toBeVisible();
    });
    await checkDialog("Assign Pages to Sara Staff", "Assign Pages", "assign pages dialog");
    await check("/company/whitelist-urls", heading("Approved URLs & Patterns"));
    await checkDialog("Add Pattern", "Add Approved Pattern", "add pattern dialog");
    await check("/company/url-violations", heading("Security Violation Log"));
    await check("/company/send-offer", heading("Send Offer to Users (Bulk)"));
    await check("/company/scheduled-offers", async () => {
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByText(/Loading/)).toHaveCount(0);
    });
    await check("/company/reports", async () => {
      await expect(page.getByRole("button", { name: "Export CSV" })).toBeEnabled();
    });
    await check("/profile", async () => {
      await expect(page.getByRole("heading", { name: "Change Password" })).toBeVisible();
    });
    await context.close();
    expect(found).toEqual([]);
  });

  test("super admin screens", async ({ browser }) => {
    const { context, page, found, check } = await screensAs(browser, "superAdmin");
    await check("/users", async () => {
      await expect(page.getByText(/^Showing 1 to \d+ of \d+ users$/)).toBeVisible();
    });
    const details = await page.getByRole("row").filter({ hasText: "owner@acme.local" }).getByRole("link", { name: "Edit Olivia Owner" }).getAttribute("href");
    const ownerId = details!.split("/").at(-1)!;
    await check(`/users/${ownerId}`, async () => {
      await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();
    }, "super user details");
    await check("/create-user", heading(/Create/), "super create user");
    await check(`/fb-pages/${ownerId}`, async () => {
      await expect(page.getByText(/^Total pages: \d+$/)).toBeVisible();
    }, "super fb-pages");
    await check("/pages", async () => {
      await expect(page.getByRole("row").filter({ hasText: "Acme Shoes" })).toBeVisible();
    });
    await check("/dashboard", async () => {
      await expect(page.getByText(/^Last updated: /)).toBeVisible();
    });
    await context.close();
    expect(found).toEqual([]);
  });
});

/** Presses Tab until `target` has focus (at most `limit` times): proves it is reachable by keyboard. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  const handle = await target.elementHandle();
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press("Tab");
    if (await handle!.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab did not reach ${target} in ${limit} presses`);
}

/** The focused element draws a visible ring: a solid outline of 2 px or more (globals.css, :focus-visible). */
async function expectFocusRing(page: Page) {
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return { visible: el.matches(":focus-visible"), outline: `${style.outlineStyle} ${style.outlineWidth}`, what: el.outerHTML.slice(0, 80) };
  });
  expect(ring.visible, ring.what).toBe(true);
  expect(ring.outline, ring.what).toMatch(/^(solid|auto) ([2-9]|\d\d)/);
}

/** A screenshot of the viewport as it is (focus ring included) for people to look at. */
async function shot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `test-results/screens/a11y-${width}-${name}.png` });
}

test.describe("keyboard alone", () => {
  test.describe.configure({ timeout: 180_000 });

  test("inbox: reach and open a conversation, reply, open and close dialogs", async ({ browser }) => {
    const name = await customerWrites("Can I change the size of my order?");
    const { context, page } = await contextFor(browser, "staff");
    await page.goto("/chats");
    await expect(row(page, name)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible({ timeout: 15_000 });

    // The page tabs are one tab stop; the arrow keys move along them.
    const tabs = page.getByRole("tab");
    await tabTo(page, tabs.first());
    await expectFocusRing(page);
    await page.keyboard.press("ArrowRight");
    await expect(tabs.nth(1)).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(tabs.first()).toBeFocused();

    // Tab reaches the conversation; Enter opens it.
    const open = row(page, name).getByRole("button").first();
    await tabTo(page, open);
    await expectFocusRing(page);
    await shot(page, "inbox-row-focus");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name })).toBeVisible();

    // 'r' focuses the message box; Enter sends.
    await page.keyboard.press("r");
    const box = page.getByRole("textbox", { name: "Message" });
    await expect(box).toBeFocused();
    await page.keyboard.type("Yes: which size would you like?");
    await page.keyboard.press("Enter");
    await expect(box).toHaveValue("");
    await expect(page.getByTestId("message-scroller")).toContainText("Yes: which size would you like?");

    // The saved-replies popover opens from the keyboard and Esc gives focus back to its button.
    const saved = page.getByRole("button", { name: "Saved replies" });
    await page.keyboard.press("Tab");
    await expect(saved).toBeFocused();
    await expectFocusRing(page);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Saved replies" })).toBeVisible();
    await shot(page, "saved-replies");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Saved replies" })).toHaveCount(0);
    await expect(saved).toBeFocused();

    // '?' opens the shortcuts sheet, Esc closes it.
    await page.keyboard.press("?");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toHaveCount(0);

    // j/k move the list's cursor and Enter opens it (the shortcuts of docs and the '?' sheet still work).
    await page.keyboard.press("j");
    await expect(page.locator("[data-cursor]")).toHaveCount(1);

    // A phone shows the list or the thread: Back returns focus to the row that was open, and opening a
    // conversation puts focus on Back (the row that had it is hidden).
    await page.setViewportSize({ width: 375, height: 812 });
    const back = page.getByRole("button", { name: "Back to conversations" });
    await tabTo(page, back);
    await expectFocusRing(page);
    await shot(page, "thread-back-focus");
    await page.keyboard.press("Enter");
    await expect(open).toBeFocused();
    await expectFocusRing(page);
    await shot(page, "list-row-focus");
    await page.keyboard.press("Enter");
    await expect(back).toBeFocused();
    await context.close();
  });

  test("admin: the sidebar, a table's row action and its dialog", async ({ browser }) => {
    const { context, page } = await contextFor(browser, "companyAdmin");
    await page.goto("/company/users");
    await expect(page.getByText(/^Showing 1 to \d+ of \d+ users$/)).toBeVisible();
    await tabTo(page, page.getByRole("navigation", { name: "Main" }).getByRole("link").first());
    await expectFocusRing(page);
    const view = page.getByRole("button", { name: "View Sara Staff" });
    await tabTo(page, view);
    await expectFocusRing(page);
    await shot(page, "users-focus");
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "User Details" });
    await expect(dialog).toBeVisible();
    await shot(page, "user-dialog");
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(view).toBeFocused();

    // A phone: the menu button opens the navigation drawer, Esc closes it and gives focus back.
    await page.setViewportSize({ width: 375, height: 812 });
    const menu = page.getByRole("button", { name: "Open menu" });
    await page.keyboard.press("Shift+Tab");
    await tabTo(page, menu);
    await expectFocusRing(page);
    await shot(page, "menu-focus");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog").getByRole("link", { name: "Scheduled Offers" })).toBeVisible();
    await shot(page, "menu-drawer");
    await page.keyboard.press("Escape");
    await expect(menu).toBeFocused();
    await context.close();
  });
});
