import { expect, test, type Locator, type Page } from "@playwright/test";
import { ACCOUNTS, codeCount, nextCode, signInAs } from "./support/auth";
import { E2E } from "./support/env";
import { simPost, unique } from "./support/sim";

// The agent inbox at /chats (PRODUCT §2–§9) against the production build, with the Messenger simulator
// playing the customers: live messages, reading, replying, the whitelist, images, flags and filters,
// search, infinite scroll, role-only controls, and screenshots at desktop and phone widths.

const SIM = `http://127.0.0.1:${E2E.simulatorPort}`;
const APP = `http://localhost:${E2E.port}`;
const SHOES = "100000000000001";
const SUPPORT = "100000000000003";
// A 1×1 PNG (the upload checks the bytes, not only the name).
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");


async function customer(pageId: string, firstName: string, lastName = "Lima"): Promise<string> {
  const { psid } = await simPost<{ psid: string }>("/sim/customers", { pageId, firstName, lastName });
  return psid;
}

async function write(pageId: string, psid: string, text: string): Promise<void> {
  const answer = await simPost<{ delivered: boolean }>("/sim/messages", { pageId, psid, text });
  expect(answer.delivered).toBe(true);
}

type Sent = { psid: string; content: { text?: string; attachment?: { type: string; url?: string } } };
async function sentTo(pageId: string, psid: string): Promise<Sent[]> {
  return (await (await fetch(`${SIM}/sim/sent?pageId=${pageId}&psid=${psid}`)).json()) as Sent[];
}

/** A bearer token for API set-up calls, through the real sign-in endpoints. */
async function tokenFor(email: string): Promise<string> {
  const known = await codeCount(email);
  await fetch(`${APP}/api/auth/otp`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email }) });
  const otp = await nextCode(email, known);
  const res = await fetch(`${APP}/api/auth/verify`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, otp }) });
  return ((await res.json()) as { token: string }).token;
}

async function openInbox(page: Page) {
  await signInAs(page, ACCOUNTS.staff.email);
  await expect(page).toHaveURL(/\/chats$/);
  await expect(page.getByRole("tab", { name: /Acme Shoes/ })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible({ timeout: 15_000 });
}

function row(page: Page, name: string): Locator {
  return page.getByRole("list", { name: "Conversations" }).getByRole("listitem").filter({ hasText: name });
}

function thread(page: Page): Locator {
  return page.getByTestId("message-scroller");
}

test.describe("the agent inbox", () => {
  test.describe.configure({ timeout: 60_000 });

  test("page tabs, a live customer message, opening marks it read, and an Enter reply reaches Messenger", async ({ page }) => {
    await openInbox(page);
    await expect(page.getByRole("tab")).toHaveText([/Acme Shoes/, /Acme Support/]);
    await expect(page.getByRole("heading", { name: "Conversations" })).toBeVisible();
    await expect(page.getByText("No conversation selected")).toBeVisible();
    await expect(page.getByText("Choose a conversation from the left to start messaging")).toBeVisible();
    // Staff see no admin-only controls.
    await expect(page.getByRole("link", { name: "Admin Panel" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add Sheet Entry" })).toHaveCount(0);

    const name = unique("Ana");
    const psid = await customer(SHOES, name);
    await write(SHOES, psid, "Do you ship to Porto?");

    // Live: the row appears with an unread badge, the toast names the customer, the tab counts it.
    await expect(row(page, name)).toContainText("Do you ship to Porto?");
    await expect(row(page, name)).toContainText("1 unread");
    await expect(row(page, name)).toContainText(/\d\d:\d\d [AP]M/);
    await expect(page.getByText(`New message from ${name} Lima`)).toBeVisible();
    await expect(page.getByRole("tab", { name: /Acme Shoes/ })).toContainText("unread");

    await row(page, name).getByRole("button").click();
    await expect(page.getByRole("heading", { name: `${name} Lima` })).toBeVisible();
    await expect(thread(page)).toContainText("Do you ship to Porto?");
    await expect(thread(page)).toContainText("Today");
    await expect(page.getByText("Active now")).toBeVisible();
    await expect(page.getByText(/Reply window: \d+h \d+m left/)).toBeVisible();
    await expect(row(page, name)).not.toContainText("unread");

    // Send appears only with text; Enter sends; the simulator (Facebook) receives it.
    const box = page.getByRole("textbox", { name: "Message" });
    await expect(page.getByRole("button", { name: "Send", exact: true })).toHaveCount(0);
    await box.fill("   ");
    await expect(page.getByRole("button", { name: "Send", exact: true })).toHaveCount(0);
    await box.fill("Yes, we ship to Porto in 2 days.");
    await expect(page.getByRole("button", { name: "Send", exact: true })).toBeVisible();
    await box.press("Shift+Enter");
    await box.pressSequentially("Anything else?");
    await box.press("Enter");
    await expect(box).toHaveValue("");
    await expect(thread(page)).toContainText("Anything else?");
    await expect.poll(async () => (await sentTo(SHOES, psid)).map((s) => s.content.text)).toContain("Yes, we ship to Porto in 2 days.\nAnything else?");
    await expect(thread(page).getByText(/Delivered|Seen|Sent/).last()).toBeVisible();

    // A message while the thread is open is appended live, once.
    await write(SHOES, psid, "Great, thanks!");
    await expect(thread(page).getByText("Great, thanks!")).toHaveCount(1);

    // Read on the server too: after a reload the row has no unread badge.
    await page.reload();
    await expect(row(page, name)).toBeVisible();
    await expect(row(page, name)).not.toContainText("unread");
  });

  test("a link outside the whitelist is blocked: violation dialog and a red message; an approved link is sent", async ({ page }) => {
    const owner = await tokenFor(ACCOUNTS.companyAdmin.email);
    const added = await fetch(`${APP}/api/urls`, { method: "POST", headers: { "Content-Type": "application/json", Authorization: `Bearer ${owner}` }, body: JSON.stringify({ url: "acme-shoes.example" }) });
    expect([200, 201, 409]).toContain(added.status);

    const name = unique("Vio");
    const psid = await customer(SHOES, name);
    await write(SHOES, psid, "Where can I see the catalogue?");
    await openInbox(page);
    await row(page, name).getByRole("button").click();
    const box = page.getByRole("textbox", { name: "Message" });

    await box.fill("Our catalogue: https://evil-shop.example/deal");
    await box.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Security Violation Alert: Unauthorized content detected in your message" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("https://evil-shop.example/deal");
    await dialog.getByRole("button", { name: "Acknowledge" }).click();
    await expect(dialog).toBeHidden();
    const blocked = thread(page).locator("[data-violation]").filter({ hasText: "evil-shop.example" });
    await expect(blocked).toBeVisible();
    await expect(blocked).toHaveClass(/bg-red-50/);
    await expect(blocked).toHaveClass(/text-red-800/);
    expect((await sentTo(SHOES, psid)).map((s) => s.content.text)).not.toContain("Our catalogue: https://evil-shop.example/deal");

    await box.fill("See https://www.acme-shoes.example/catalogue");
    await box.press("Enter");
    await expect.poll(async () => (await sentTo(SHOES, psid)).map((s) => s.content.text)).toContain("See https://www.acme-shoes.example/catalogue");
    await expect(dialog).toBeHidden();
  });

  test("images: staging strip, remove, Clear All, drag-over, non-image drop, and sending", async ({ page }) => {
    const name = unique("Img");
    const psid = await customer(SHOES, name);
    await write(SHOES, psid, "Can you send a photo?");
    await openInbox(page);
    await row(page, name).getByRole("button").click();
    await expect(thread(page)).toContainText("Can you send a photo?");

    const input = page.getByTestId("image-input");
    const files = [
      { name: "one.png", mimeType: "image/png", buffer: PNG },
      { name: "two.png", mimeType: "image/png", buffer: PNG },
    ];
    await input.setInputFiles(files);
    const strip = page.getByRole("region", { name: "Images to send" });
    await expect(strip).toContainText("Ready to send!");
    await expect(strip).toContainText("optional");
    await expect(strip.getByRole("img")).toHaveCount(2);
    await strip.getByRole("button", { name: "Remove one.png" }).click();
    await expect(strip.getByRole("img")).toHaveCount(1);
    await strip.getByRole("button", { name: "Clear All" }).click();
    await expect(strip).toBeHidden();

    // Dragging files over the thread shows the drop state; a drop without images is refused.
    const pane = page.getByRole("region", { name: `Conversation with ${name} Lima` });
    const textOnly = await page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(["hello"], "notes.txt", { type: "text/plain" }));
      return dt;
    });
    await pane.dispatchEvent("dragenter", { dataTransfer: textOnly });
    await expect(page.getByText("Drop images to send")).toBeVisible();
    await pane.dispatchEvent("dragleave", { dataTransfer: textOnly });
    await expect(page.getByText("Drop images to send")).toBeHidden();
    await pane.dispatchEvent("dragenter", { dataTransfer: textOnly });
    await pane.dispatchEvent("drop", { dataTransfer: textOnly });
    await expect(page.getByText("Drop images to send")).toBeHidden();
    await expect(page.getByText("Please drop only image files")).toBeVisible();

    // A dropped image is staged, then Enter sends it with the text.
    const withImage = await page.evaluateHandle((bytes) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(bytes)], "drop.png", { type: "image/png" }));
      return dt;
    }, [...PNG]);
    await pane.dispatchEvent("drop", { dataTransfer: withImage });
    await expect(strip.getByRole("img")).toHaveCount(1);
    const box = page.getByRole("textbox", { name: "Message" });
    await box.fill("Here it is");
    await box.press("Enter");
    await expect(strip).toBeHidden();
    await expect.poll(async () => (await sentTo(SHOES, psid)).map((s) => s.content.attachment?.type ?? s.content.text)).toEqual(["image", "Here it is"]);
    const sent = await sentTo(SHOES, psid);
    expect(sent[0]!.content.attachment!.url).toMatch(/\/api\/uploads\/[a-f0-9]{32}\.png$/);
    await expect(thread(page).getByRole("img", { name: "Image" })).toHaveCount(1);
    await expect(thread(page).getByText("Here it is")).toBeVisible();

    // Thumbs-up sends 👍.
    await page.getByRole("button", { name: "Send thumbs up" }).click();
    await expect.poll(async () => (await sentTo(SHOES, psid)).map((s) => s.content.text)).toContain("👍");
  });

  test("important and spam toggles, the All/Important/Spam filters and search", async ({ page }) => {
    const keep = unique("Imp");
    const other = unique("Oth");
    const spam = unique("Spm");
    for (const first of [other, spam, keep]) await write(SHOES, await customer(SHOES, first), `hello from ${first}`);
    await openInbox(page);
    for (const first of [keep, other, spam]) await expect(row(page, first)).toBeVisible();

    await row(page, keep).getByRole("button").click();
    const important = page.getByRole("button", { name: "Important", exact: true }).and(page.locator("[aria-label]"));
    await important.click();
    await expect(page.getByText("Success")).toBeVisible();
    await expect(important).toHaveAttribute("aria-pressed", "true");
    await expect(row(page, keep)).toContainText("Important");

    const filters = page.getByRole("group", { name: "Filter conversations" });
    await filters.getByRole("button", { name: "Important" }).click();
    await expect(row(page, keep)).toBeVisible();
    await expect(row(page, other)).toHaveCount(0);
    await filters.getByRole("button", { name: "All" }).click();
    await expect(row(page, other)).toBeVisible();

    await row(page, spam).getByRole("button").click();
    await page.getByRole("button", { name: "Spam", exact: true }).and(page.locator("[aria-label]")).click();
    await expect(row(page, spam)).toHaveCount(0); // the default list hides spam
    await filters.getByRole("button", { name: "Spam" }).click();
    await expect(row(page, spam)).toBeVisible();
    await expect(row(page, spam)).toContainText("Spam");
    await expect(row(page, other)).toHaveCount(0);
    await filters.getByRole("button", { name: "All" }).click();
    await expect(row(page, other)).toBeVisible();
    await expect(filters.getByRole("button", { name: "Spam" })).toHaveAttribute("aria-pressed", "false");

    // Search: debounced, matches highlighted, a clear button, the empty text with the query.
    const search = page.getByRole("searchbox", { name: "Search Messenger" });
    await page.getByRole("heading", { name: "Conversations" }).click();
    // With a conversation open "/" opens the saved replies (issue #15's shortcut); without one it focuses search.
    await page.keyboard.press("/");
    await expect(page.getByPlaceholder("Search saved replies...")).toBeVisible();
    await page.keyboard.press("Escape");
    await search.click();
    await expect(search).toBeFocused();
    await search.fill(other.slice(0, 6));
    await expect(row(page, other)).toBeVisible();
    await expect(row(page, keep)).toHaveCount(0);
    await expect(row(page, other).locator("mark").first()).toHaveText(other.slice(0, 6));
    await search.fill("zz-no-such-customer");
    await expect(page.getByText('No conversations found for "zz-no-such-customer"')).toBeVisible();
    await page.getByRole("button", { name: "Clear search" }).click();
    await expect(search).toHaveValue("");
    await expect(row(page, keep)).toBeVisible();

    // Alt+↓ / Alt+↑ move through the list.
    await row(page, keep).getByRole("button").click();
    await page.getByRole("heading", { name: "Conversations" }).click();
    await page.keyboard.press("Alt+ArrowDown");
    await expect(page.getByRole("heading", { level: 2, name: /Lima$/ })).not.toHaveText(`${keep} Lima`);
    await page.keyboard.press("Alt+ArrowUp");
    await expect(page.getByRole("heading", { level: 2, name: `${keep} Lima` })).toBeVisible();

    // A page switch clears search and filters and closes the conversation.
    await search.fill("something");
    await filters.getByRole("button", { name: "Important" }).click();
    await page.getByRole("tab", { name: /Acme Support/ }).click();
    await expect(page.getByRole("tab", { name: /Acme Support/ })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("searchbox", { name: "Search Messenger" })).toHaveValue("");
    await expect(filters.getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("No conversation selected")).toBeVisible();
  });

  test("tags on rows (first two, '+N more' on hover) and the tag filter", async ({ page }) => {
    const token = await tokenFor(ACCOUNTS.staff.email);
    const call = async <T,>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
      const res = await fetch(`${APP}${path}`, { method: init.method ?? "GET", headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` }, body: init.body ? JSON.stringify(init.body) : undefined });
      expect(res.ok, `${path} → ${res.status}`).toBe(true);
      return (await res.json()) as T;
    };
    const { pages } = await call<{ pages: { id: string; name: string }[] }>("/api/pages/me");
    const shoes = pages.find((p) => p.name === "Acme Shoes")!;
    const suffix = unique("t").toLowerCase();
    const names = ["vip", "refund", "late", "eu"].map((n) => `${n}-${suffix}`);
    for (const [i, name] of names.entries()) await call("/api/labels", { method: "POST", body: { name, color: ["red", "green", "blue", "purple"][i], page_id: shoes.id } });

    const tagged = unique("Tag");
    const plain = unique("Pln");
    await write(SHOES, await customer(SHOES, plain), "no tags here");
    await write(SHOES, await customer(SHOES, tagged), "please tag me");
    // The webhook is acknowledged before it is processed: wait until the conversation is listed.
    let target: { id: string; from_id: string } | undefined;
    await expect
      .poll(async () => (target = (await call<{ data: { id: string; from_id: string }[] }>(`/api/conversations/${shoes.id}?page=1&limit=15&search=${tagged}`)).data[0]))
      .toBeTruthy();
    await call("/api/page-labels/assign", { method: "POST", body: { senderId: target!.from_id, pageId: shoes.id, conversationId: target!.id, tags: names.map((tag) => ({ tag, color: "blue" })) } });

    await openInbox(page);
    await expect(row(page, tagged)).toContainText(names[0]!);
    await expect(row(page, tagged)).toContainText(names[1]!);
    await expect(row(page, tagged)).toContainText("+2 more");
    await row(page, tagged).getByText("+2 more").hover();
    await expect(page.getByRole("tooltip")).toContainText(names[2]!);
    await expect(page.getByRole("tooltip")).toContainText(names[3]!);

    await page.getByRole("button", { name: "Filter by tags" }).click();
    const menu = page.getByRole("dialog");
    await menu.getByRole("searchbox", { name: "Search tags" }).fill(`refund-${suffix}`);
    const tags = menu.getByRole("list", { name: "Tags" }).getByRole("button");
    await expect(tags).toHaveCount(1);
    await tags.click();
    await expect(tags).toHaveAttribute("aria-pressed", "true");
    await expect(menu).toContainText("1 tag(s) selected");
    await menu.getByRole("searchbox", { name: "Search tags" }).fill("zz-none");
    await expect(menu).toContainText("No tags found");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "1 tag(s) selected" })).toBeVisible();
    await expect(row(page, tagged)).toBeVisible();
    await expect(row(page, plain)).toHaveCount(0);

    await page.getByRole("button", { name: "1 tag(s) selected" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Clear all" }).click();
    await page.keyboard.press("Escape");
    await expect(row(page, plain)).toBeVisible();

    // A page with no labels says so. Other specs label Acme Support's commenters (comments-notes), so this one
    // clears that page's labels first (the company admin may delete labels) instead of assuming the run's order.
    const support = pages.find((p) => p.name === "Acme Support")!;
    const owner = await tokenFor(ACCOUNTS.companyAdmin.email);
    for (const label of await call<{ _id: string }[]>(`/api/labels/${support.id}`)) {
      const res = await fetch(`${APP}/api/labels/${label._id}`, { method: "DELETE", headers: { Authorization: `Bearer ${owner}` } });
      expect(res.ok, `DELETE label → ${res.status}`).toBe(true);
    }
    await page.getByRole("tab", { name: /Acme Support/ }).click();
    await page.getByRole("button", { name: "Filter by tags" }).click();
    await expect(page.getByRole("dialog")).toContainText("No tags available");
  });

  test("infinite scroll over more than 15 conversations", async ({ page }) => {
    test.setTimeout(120_000);
    const prefix = unique("Scr");
    for (let i = 1; i <= 20; i++) await write(SUPPORT, await customer(SUPPORT, `${prefix}n${String(i).padStart(2, "0")}`), `message ${i}`);

    const listCalls: string[] = [];
    page.on("request", (req) => {
      if (req.url().includes("/api/conversations/") && !req.url().includes("mark-")) listCalls.push(req.url());
    });
    await openInbox(page);
    await page.getByRole("tab", { name: /Acme Support/ }).click();
    await expect(row(page, `${prefix}n20`)).toBeVisible();
    expect(listCalls.some((u) => /[?&]page=1\b/.test(u) && /[?&]limit=15\b/.test(u))).toBe(true);

    const scroller = page.getByTestId("conversation-scroller");
    await expect(page.getByText("No more conversations to load")).toHaveCount(0);
    for (let i = 0; i < 10 && !(await page.getByText("No more conversations to load").isVisible()); i++) {
      await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await page.waitForTimeout(400);
    }
    await expect(page.getByText("No more conversations to load")).toBeVisible();
    // The oldest of the twenty is loaded, but the list is windowed: how far above the bottom it sits depends on
    // how many older conversations earlier specs left on this page, so scroll back up until it is drawn.
    for (let i = 0; i < 20 && !(await row(page, `${prefix}n01`).isVisible()); i++) {
      await scroller.evaluate((el) => el.scrollBy({ top: -300 }));
      await page.waitForTimeout(100);
    }
    await expect(row(page, `${prefix}n01`)).toBeVisible();
    expect(listCalls.some((u) => /[?&]page=2\b/.test(u))).toBe(true);
    // Virtualised: far fewer rows in the DOM than conversations loaded.
    expect(await page.getByRole("list", { name: "Conversations" }).getByRole("listitem").count()).toBeLessThan(20);
  });

  test("a long thread loads older messages at the top and keeps the message being read in view", async ({ page }) => {
    test.setTimeout(120_000);
    // 30 customer messages, each answered: 60 messages in 60 sender groups, more than the first page's 25.
    const name = unique("Old");
    const psid = await customer(SUPPORT, name);
    await write(SUPPORT, psid, `${name} c01`);
    await openInbox(page);
    await page.getByRole("tab", { name: /Acme Support/ }).click();
    await row(page, name).getByRole("button").click();
    const box = page.getByRole("textbox", { name: "Message" });
    const two = (i: number) => String(i).padStart(2, "0");
    for (let i = 1; i <= 30; i++) {
      await expect(thread(page).getByText(`${name} c${two(i)}`, { exact: true })).toBeVisible();
      await box.fill(`${name} a${two(i)}`);
      await box.press("Enter");
      await expect(thread(page).getByText(`${name} a${two(i)}`, { exact: true })).toBeVisible();
      if (i < 30) await write(SUPPORT, psid, `${name} c${two(i + 1)}`);
    }

    // Opened afresh, the thread holds the newest 25: a18 (the 36th message) … a30.
    await page.reload();
    await page.getByRole("tab", { name: /Acme Support/ }).click();
    await row(page, name).getByRole("button").click();
    const oldestShown = thread(page).getByText(`${name} a18`, { exact: true });
    await expect(thread(page).getByText(`${name} a30`, { exact: true })).toBeVisible();
    await expect(thread(page).getByText(`${name} c18`, { exact: true })).toHaveCount(0);
    // At the top the older page loads, and the view stays on what was being read, not on the oldest message.
    await thread(page).evaluate((el) => el.scrollTo({ top: 0 }));
    await expect(thread(page).getByText(`${name} c18`, { exact: true })).toBeAttached();
    await expect(thread(page).getByText("Loading older messages...")).toHaveCount(0);
    await expect(oldestShown).toBeInViewport();
    await expect(thread(page).getByText(`${name} c01`, { exact: true })).not.toBeInViewport();
    // Back to the very beginning: the first message, and nothing more to load.
    for (let i = 0; i < 10 && !(await thread(page).getByText(`${name} c01`, { exact: true }).isVisible()); i++) {
      await thread(page).evaluate((el) => el.scrollTo({ top: 0 }));
      await page.waitForTimeout(200);
    }
    await expect(thread(page).getByText(`${name} c01`, { exact: true })).toBeInViewport();
    await expect(thread(page)).toHaveAttribute("data-messages", "60");
  });

  test("admin sees the Admin Panel button in the inbox", async ({ page }) => {
    await signInAs(page, ACCOUNTS.admin.email);
    await expect(page).toHaveURL(/\/company\/dashboard$/);
    await page.goto("/chats");
    await expect(page.getByRole("tab", { name: /Acme Shoes/ })).toBeVisible();
    await page.getByRole("link", { name: "Admin Panel" }).click();
    await expect(page).toHaveURL(/\/company\/dashboard$/);
  });
});

test.describe("screenshots with live data", () => {
  test.describe.configure({ timeout: 60_000 });

  /** Nothing sticks out sideways; the message names the widest offenders when something does. */
  async function noSidewaysOverflow(page: Page) {
    const { overflow, offenders } = await page.evaluate(() => ({
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      offenders: [...document.querySelectorAll("body *")]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !el.closest("[data-sonner-toaster]"))
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.getAttribute("class") ?? "").slice(0, 80)} → ${Math.round(el.getBoundingClientRect().right)}px`),
    }));
    expect(overflow, `overflows sideways by ${overflow}px: ${offenders.join(" | ")}`).toBeLessThanOrEqual(0);
  }

  test("desktop 1280 and phone 375", async ({ page }) => {
    const name = unique("Maria");
    const psid = await customer(SHOES, name, "Silva");
    await write(SHOES, psid, "Hi! Do you have the running shoes in size 42?");
    await write(SHOES, psid, "And can I pick them up in the store?");
    await simPost("/sim/messages", { pageId: SHOES, psid, imageUrl: "/samples/parcel.png" });

    await page.setViewportSize({ width: 1280, height: 800 });
    await openInbox(page);
    await row(page, name).getByRole("button").click();
    await expect(thread(page)).toContainText("size 42");
    await page.getByRole("textbox", { name: "Message" }).fill("Yes, size 42 is in stock!");
    await page.getByRole("textbox", { name: "Message" }).press("Enter");
    await expect(thread(page)).toContainText("Yes, size 42 is in stock!");
    await page.getByTestId("image-input").setInputFiles([{ name: "photo.png", mimeType: "image/png", buffer: PNG }]);
    await page.getByRole("textbox", { name: "Message" }).fill("Here is the");
    await page.waitForTimeout(500);
    await page.screenshot({ path: "test-results/screens/inbox-desktop-1280.png" });
    await noSidewaysOverflow(page);

    // The emoji picker loads on first open: 300×400, with search; a pick goes into the message.
    await page.getByRole("button", { name: "Emoji" }).click();
    const picker = page.locator('[data-epr-part="root"]');
    await expect(picker).toBeVisible();
    await expect(page.locator('[data-epr-part="search-input"]')).toBeVisible();
    await expect(page.locator('[data-epr-part="preview"]')).toHaveCount(0);
    const size = await picker.boundingBox();
    expect([Math.round(size!.width), Math.round(size!.height)]).toEqual([300, 400]);
    await page.screenshot({ path: "test-results/screens/inbox-desktop-1280-emoji.png" });
    await page.locator('[data-epr-part="emoji"]').first().click();
    await expect(page.getByRole("textbox", { name: "Message" })).not.toHaveValue("Here is the");
    await page.keyboard.press("Escape");
    await expect(picker).toBeHidden();

    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await expect(row(page, name)).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: "test-results/screens/inbox-phone-375-list.png" });
    await noSidewaysOverflow(page);
    await row(page, name).getByRole("button").click();
    await expect(thread(page)).toContainText("Yes, size 42 is in stock!");
    await page.waitForTimeout(500);
    await page.screenshot({ path: "test-results/screens/inbox-phone-375-thread.png" });
    await noSidewaysOverflow(page);
    await page.getByRole("button", { name: "Labels and notes" }).click();
    await expect(page.getByRole("dialog", { name: "Labels and notes" })).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: "test-results/screens/inbox-phone-375-details.png" });
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Back to conversations" }).click();
    await expect(row(page, name)).toBeVisible();
  });
});
