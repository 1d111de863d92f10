import { expect, test, type Page } from "@playwright/test";
import { DEMO_PAGES } from "../../prisma/seed-data";
import { ACCOUNTS, signInAs } from "./support/auth";
import { E2E } from "./support/env";
import { DAY_MS } from "../../lib/contract/messaging-window";

// Bulk offers. Part 1 (states): the screens' loading-error, empty and data states with the API answered
// by the test, at desktop and phone width, with screenshots in test-results/screens.

const WIDTHS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 375, height: 812 },
];

async function capture(page: Page, name: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} overflows sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  // From the top, so the sticky header is not painted over the middle of the full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

const now = Date.now();
const MOCK_OFFERS = [
  { _id: "a1", page_name: "Acme Shoes", count: 1240, messagesCount: 512, offerType: "general", created_by: "Adam Admin", created_at: new Date(now - 600_000).toISOString(), type: "text", status: "running", skippedCount: 37, failedCount: 2, percent: 44.5, statusReason: null },
  { _id: "a2", page_name: "Acme Outlet", count: 80, messagesCount: 30, offerType: "general", created_by: "Olivia Owner", created_at: new Date(now - 3_600_000).toISOString(), type: "image", status: "paused", skippedCount: 4, failedCount: 0, percent: 42, statusReason: null },
  { _id: "a3", page_name: "Acme Shoes", count: 12, messagesCount: 10, offerType: "general", created_by: "Adam Admin", created_at: new Date(now - 86_400_000).toISOString(), type: "text", status: "completed", skippedCount: 2, failedCount: 0, percent: 100, statusReason: null },
  { _id: "a4", page_name: "Acme Outlet with a rather long page name", count: 300, messagesCount: 0, offerType: "seasonal_sale", created_by: "Adam Admin", created_at: new Date(now - 2 * 86_400_000).toISOString(), type: "text", status: "failed", skippedCount: 0, failedCount: 0, percent: 0, statusReason: "The page's access token is no longer valid" },
  { _id: "a5", page_name: "Acme Shoes", count: 25, messagesCount: 0, offerType: "general", created_by: "Adam Admin", created_at: new Date(now - 60_000).toISOString(), type: "image", status: "scheduled", skippedCount: 0, failedCount: 0, percent: 0, statusReason: null },
];

for (const size of WIDTHS) {
  test.describe(`offer screens, ${size.name} (${size.width}px)`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("states with a stubbed API", async ({ page }) => {
      test.setTimeout(60_000);
      await signInAs(page, ACCOUNTS.admin.email);
      await expect(page).toHaveURL(/\/company\/dashboard$/);

      let mode: "error" | "empty" | "data" = "error";
      let listCalls = 0;
      await page.route(/\/api\/offers(\?.*)?$/, (route) => {
        listCalls += 1;
        if (mode === "error") return route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "Something went wrong" }) });
        return route.fulfill({ contentType: "application/json", body: JSON.stringify(mode === "empty" ? [] : MOCK_OFFERS) });
      });
      await page.route(/\/api\/offers\/preview/, (route) => route.fulfill({ contentType: "application/json", body: JSON.stringify({ matching: 57, insideWindow: 21 }) }));

      await page.goto("/company/scheduled-offers");
      await expect(page.getByRole("heading", { name: "Failed to load scheduled offers" })).toBeVisible();
      await capture(page, `${size.name}-offers-error`);

      // Retry asks again; the error stays while the server keeps failing.
      const before = listCalls;
      await page.getByRole("button", { name: "Retry" }).click();
      await expect.poll(() => listCalls).toBeGreaterThan(before);
      await expect(page.getByRole("heading", { name: "Failed to load scheduled offers" })).toBeVisible();
      mode = "empty";
      // SWR also retries by itself (and the socket's resync refetches), so the button may already be gone.
      await page.getByRole("button", { name: "Retry" }).click({ timeout: 2_000 }).catch(() => {});
      await expect(page.getByRole("heading", { name: "No offers scheduled yet" })).toBeVisible({ timeout: 15_000 });
      await capture(page, `${size.name}-offers-empty`);

      mode = "data";
      await page.getByRole("button", { name: "Today" }).click();
      await expect(page.getByRole("progressbar").first()).toBeVisible();
      await page.getByRole("button", { name: "Clear" }).click();
      // The answer for "all dates" is reused for SWR's 2 s dedupe, then refetched (at the latest by the 10 s refresh).
      await expect(page.getByText("5 offers · all dates")).toBeVisible({ timeout: 15_000 });
      await capture(page, `${size.name}-offers-stub-data`);

      await page.route(/\/api\/offers\/a1\/pause$/, (route) => route.fulfill({ contentType: "application/json", body: JSON.stringify({ ...MOCK_OFFERS[0], status: "paused" }) }));
      await page.getByRole("button", { name: "Pause the offer to Acme Shoes" }).first().click();
      await expect(page.getByText("Offer paused")).toBeVisible();

      await page.getByRole("button", { name: "Cancel the offer to Acme Outlet" }).first().click();
      await expect(page.getByRole("alertdialog")).toContainText("Cancel this offer?");
      await capture(page, `${size.name}-offers-cancel-confirm`);
      await page.getByRole("button", { name: "Keep sending" }).click();

      await page.goto("/company/send-offer");
      await expect(page.getByRole("heading", { name: "Send Offer to Users (Bulk)" })).toBeVisible();
      await capture(page, `${size.name}-send-offer-empty`);
      await page.getByLabel("Page").selectOption({ label: "Acme Shoes" });
      await page.getByRole("radio", { name: /Text Only/ }).check();
      await page.getByRole("textbox", { name: "Message" }).fill("Winter sale: 20% off all boots this weekend!");
      await expect(page.getByTestId("offer-audience")).toContainText("21");
      await capture(page, `${size.name}-send-offer-text`);
      await page.getByRole("radio", { name: /Image Only/ }).check();
      await page.locator('input[type="file"]').setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
      await expect(page.getByRole("alert").filter({ hasText: "Please select a valid image file" })).toBeVisible();
      await capture(page, `${size.name}-send-offer-image-invalid`);
    });
  });
}

// Part 2 (end to end): customers write to the pages through the Messenger simulator, an admin schedules a
// text offer and an image offer in the UI, the worker sends them, the table reaches 100 %, and the
// messages arrive at the simulator (what Facebook received) and in the inbox threads.

const SIM = `http://127.0.0.1:${E2E.simulatorPort}`;
const SHOES = DEMO_PAGES.find((p) => p.name === "Acme Shoes")!.facebookPageId;
const OUTLET = DEMO_PAGES.find((p) => p.name === "Acme Outlet")!.facebookPageId;

type SimSent = { pageId: string; psid: string; messagingType: string; tag?: string; message: { text?: string; attachment?: { type: string; payload: { url?: string; attachment_id?: string } } } };
type Customer = { psid: string; name: string; conversationId: string };

async function sim<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${SIM}${path}`, body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(res.ok, `${path} answered ${res.status}: ${await res.clone().text()}`).toBe(true);
  return (await res.json()) as T;
}

async function appApi<T>(token: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`http://localhost:${E2E.port}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${path} answered ${res.status}: ${await res.clone().text()}`).toBe(true);
  return (await res.json()) as T;
}

/** A customer who writes to the page (at `writtenAt`), and their conversation as the app stored it. */
async function customerWrites(token: string, pageId: string, firstName: string, lastName: string, writtenAt = Date.now()): Promise<Customer> {
  const { psid } = await sim<{ psid: string }>("/sim/customers", { pageId, firstName, lastName });
  await sim("/sim/messages", { pageId, psid, text: `Hi, ${firstName} here. Any deals?`, timestamp: writtenAt });
  const name = `${firstName} ${lastName}`;
  let conversationId = "";
  await expect
    .poll(async () => {
      const list = await appApi<{ data: { id: string; from_name: string; from_id: string }[] }>(token, `/api/conversations/${pageId}?page=1&limit=15&search=${encodeURIComponent(name)}`);
      conversationId = list.data.find((c) => c.from_id === psid)?.id ?? "";
      return conversationId;
    }, { message: `the conversation of ${name}`, timeout: 10_000 })
    .not.toBe("");
  return { psid, name, conversationId };
}

async function label(token: string, pageId: string, customer: Customer, tag: string) {
  await appApi(token, "/api/page-labels/assign", { pageId, conversationId: customer.conversationId, tags: [{ tag }] });
}

async function sentTo(pageId: string, psid: string): Promise<SimSent[]> {
  return sim<SimSent[]>(`/sim/sent?pageId=${pageId}&psid=${psid}`);
}

type ThreadMessage = { message: string; direction: string; is_image: boolean; attachments: { data: { image_data: { url: string } }[] } };
async function thread(token: string, customer: Customer, pageId: string): Promise<ThreadMessage[]> {
  return (await appApi<{ data: ThreadMessage[] }>(token, `/api/conversation/${customer.conversationId}/${pageId}`)).data;
}

/** The request is held back a little so the pending state can be seen. */
async function slowDown(page: Page, pattern: string) {
  await page.route(pattern, async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
}

test.describe("bulk offers end to end", () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ viewport: { width: 1280, height: 900 } });

  test("an admin schedules a text and an image offer; they reach the customers inside the 24 h window", async ({ page }) => {
    await signInAs(page, ACCOUNTS.admin.email);
    await expect(page).toHaveURL(/\/company\/dashboard$/);
    const token = (await page.evaluate(() => localStorage.getItem("token")))!;
    expect(token).toBeTruthy();

    // ── Customers. Acme Shoes: three with the label e2e-vip (one wrote 30 h ago), one without it.
    const stamp = Date.now().toString(36).slice(-4);
    const vip = `e2e-vip-${stamp}`;
    await appApi(token, "/api/labels", { name: vip, color: "purple", page_id: SHOES });
    const ana = await customerWrites(token, SHOES, "Ana", `Textoffer${stamp}`);
    const ben = await customerWrites(token, SHOES, "Ben", `Textoffer${stamp}`);
    const cal = await customerWrites(token, SHOES, "Cal", `Textoffer${stamp}`);
    const dee = await customerWrites(token, SHOES, "Dee", `Textoffer${stamp}`, Date.now() - 30 * 60 * 60 * 1000);
    for (const c of [ana, ben, dee]) await label(token, SHOES, c, vip);

    // A second tab watches the scheduled offers while the offer is scheduled: it must hear the worker's
    // `offer-progress` events over Socket.IO (frames are recorded from the websocket and the polling).
    const watcher = await page.context().newPage();
    const frames: string[] = [];
    watcher.on("websocket", (ws) => ws.on("framereceived", ({ payload }) => frames.push(String(payload))));
    watcher.on("response", (res) => {
      if (res.url().includes("/socket.io/") && res.request().method() === "GET") void res.text().then((t) => frames.push(t), () => {});
    });
    await watcher.goto("/company/scheduled-offers");
    await expect(watcher.getByText("Live progress")).toBeVisible();

    // ── The text offer, to people with the label.
    await page.goto("/company/send-offer");
    await expect(page.getByRole("heading", { name: "Send Offer to Users (Bulk)" })).toBeVisible();
    const schedule = page.getByRole("button", { name: "Schedule Offer" });
    await expect(schedule).toBeDisabled();
    await expect(page.getByText("Please select a page and offer type")).toBeVisible();

    await page.getByLabel("Page").selectOption({ label: "Acme Shoes" });
    await page.getByRole("radio", { name: /Text Only/ }).check();
    await expect(page.getByText("Please enter a message")).toBeVisible();
    await page.getByRole("textbox", { name: "Message" }).fill("   ");
    await expect(schedule).toBeDisabled();

    // Switching type clears the other content (PRODUCT §4).
    await page.getByRole("textbox", { name: "Message" }).fill("draft that will be cleared");
    await page.getByRole("radio", { name: /Image Only/ }).check();
    await expect(page.getByText("Please select an image")).toBeVisible();
    await page.getByRole("radio", { name: /Text Only/ }).check();
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("");

    // A text with a link that is not on the whitelist is refused: the server's message, toast and inline.
    await page.getByRole("button", { name: vip }).click();
    await page.getByRole("textbox", { name: "Message" }).fill(`Deals at https://deals-${stamp}.example.net/boots`);
    await page.getByRole("button", { name: "Schedule Offer" }).click();
    const refusal = page.locator("#offer-failure").getByRole("alert");
    await expect(refusal).toContainText(`deals-${stamp}.example.net`);
    const refusalText = (await refusal.locator("p").first().textContent())!;
    expect(refusalText.length).toBeGreaterThan(5);
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: refusalText })).toBeVisible();
    await expect(page).toHaveURL(/\/company\/send-offer$/);

    const text = `Flash sale ${stamp}: 20% off all boots today only!`;
    await page.getByRole("textbox", { name: "Message" }).fill(text);
    await expect(page.locator("#offer-failure")).toHaveCount(0);
    await expect(page.getByRole("button", { name: vip })).toHaveAttribute("aria-pressed", "true");
    // Three people have the label; two of them wrote within 24 h.
    const audience = page.getByTestId("offer-audience");
    await expect(audience).toContainText("3 customers match");
    await expect(audience).toContainText("2 customers can receive it now");
    await expect(schedule).toBeEnabled();
    await capture(page, "desktop-send-offer-data");

    await slowDown(page, "**/api/offers/schedule-label");
    const scheduled = page.waitForResponse((r) => r.url().endsWith("/api/offers/schedule-label") && r.request().method() === "POST");
    await schedule.click();
    await expect(page.getByRole("button", { name: "Scheduling..." })).toBeDisabled();
    const textOffer = (await (await scheduled).json()) as { _id: string; count: number; offerType: string };
    expect(textOffer).toMatchObject({ count: 3, offerType: "label" });
    await expect(page).toHaveURL(/\/company\/scheduled-offers$/);

    // The watching tab got live progress for it, and shows it completed.
    await expect
      .poll(() => frames.some((f) => f.includes('"offer-progress"') && f.includes(textOffer._id) && f.includes('"completed"')), { message: "offer-progress frames", timeout: 30_000 })
      .toBe(true);
    await expect(watcher.locator(`tr[data-offer-id="${textOffer._id}"]`)).toContainText("100%");
    await watcher.close();

    const textRow = page.locator(`tr[data-offer-id="${textOffer._id}"]`);
    await expect(textRow).toContainText("Acme Shoes");
    await expect(textRow).toContainText(text);
    await expect(textRow.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100", { timeout: 30_000 });
    await expect(textRow).toContainText("100%");
    await expect(textRow).toContainText("Completed");
    await expect(textRow).toContainText("2 / 3 sent");
    await expect(textRow.getByRole("button", { name: /skipped: why/ })).toHaveText(/^1/);
    await expect(page.getByText("Live progress")).toBeVisible();

    // Facebook (the simulator) got the offer for the two inside the window, as UPDATE, and nobody else.
    for (const c of [ana, ben]) {
      await expect.poll(async () => (await sentTo(SHOES, c.psid)).map((s) => [s.messagingType, s.message.text])).toEqual([["UPDATE", text]]);
    }
    expect(await sentTo(SHOES, cal.psid)).toEqual([]);
    expect(await sentTo(SHOES, dee.psid)).toEqual([]);
    // And the inbox threads show it as sent by the page.
    for (const c of [ana, ben]) {
      await expect.poll(async () => (await thread(token, c, SHOES)).some((m) => m.direction === "outbound" && m.message === text)).toBe(true);
    }
    expect((await thread(token, cal, SHOES)).some((m) => m.message === text)).toBe(false);

    // ── The image offer, Acme Outlet: everyone except people labelled e2e-optout.
    const optout = `e2e-optout-${stamp}`;
    await appApi(token, "/api/labels", { name: optout, color: "red", page_id: OUTLET });
    const eve = await customerWrites(token, OUTLET, "Eve", `Imageoffer${stamp}`);
    const fay = await customerWrites(token, OUTLET, "Fay", `Imageoffer${stamp}`);
    await label(token, OUTLET, fay, optout);

    await page.getByRole("link", { name: "Send Offer" }).first().click();
    await expect(page).toHaveURL(/\/company\/send-offer$/);
    await page.getByLabel("Page").selectOption({ label: "Acme Outlet" });
    await page.getByRole("radio", { name: /Image Only/ }).check();
    const schedule2 = page.getByRole("button", { name: "Schedule Offer" });
    await expect(schedule2).toBeDisabled();
    await page.locator('input[type="file"]').setInputFiles({ name: "offer.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
    await expect(page.getByRole("alert").filter({ hasText: "Please select a valid image file" })).toBeVisible();
    await expect(schedule2).toBeDisabled();
    const png = Buffer.from(await (await fetch(`${SIM}/samples/parcel.png`)).arrayBuffer());
    await page.locator('input[type="file"]').setInputFiles({ name: "parcel.png", mimeType: "image/png", buffer: png });
    await expect(page.getByRole("img", { name: "Offer image preview" })).toBeVisible();
    await page.getByRole("radio", { name: "Send to everyone except people with these labels" }).check();
    await page.getByRole("button", { name: optout }).click();
    await expect(page.getByTestId("offer-audience")).toContainText(/[1-9]\d* customers? can receive it now/);
    await expect(schedule2).toBeEnabled();
    await capture(page, "desktop-send-offer-image");

    const scheduled2 = page.waitForResponse((r) => r.url().endsWith("/api/offers/schedule-label") && r.request().method() === "POST");
    await schedule2.click();
    const imageOffer = (await (await scheduled2).json()) as { _id: string; imageUrl: string; exclude: boolean };
    expect(imageOffer.exclude).toBe(true);
    expect(imageOffer.imageUrl).toMatch(/\/api\/uploads\/[a-f0-9]{32}\.png$/);
    await expect(page).toHaveURL(/\/company\/scheduled-offers$/);
    const imageRow = page.locator(`tr[data-offer-id="${imageOffer._id}"]`);
    await expect(imageRow.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100", { timeout: 30_000 });
    await expect(imageRow).toContainText("Completed");
    await expect(imageRow).toContainText("Image");
    await expect(imageRow).toContainText(`Everyone except: ${optout}`);

    await expect.poll(async () => (await sentTo(OUTLET, eve.psid)).map((s) => [s.messagingType, s.message.attachment?.type])).toEqual([["UPDATE", "image"]]);
    expect(await sentTo(OUTLET, fay.psid)).toEqual([]);
    await expect.poll(async () => (await thread(token, eve, OUTLET)).some((m) => m.direction === "outbound" && m.is_image)).toBe(true);

    // The 'Today' shortcut keeps today's offers; a past day has none.
    await page.getByRole("button", { name: "Today" }).click();
    await expect(page.locator(`tr[data-offer-id="${textOffer._id}"]`)).toBeVisible();
    const lastYear = new Date(Date.now() - 365 * DAY_MS).toISOString().slice(0, 10);
    await page.getByLabel("From", { exact: true }).fill(lastYear);
    await page.getByLabel("To", { exact: true }).fill(lastYear);
    await expect(page.getByRole("heading", { name: "No offers in this date range" })).toBeVisible();
    await page.getByRole("button", { name: "Show all dates" }).click();
    await expect(textRow).toBeVisible();
    await capture(page, "desktop-scheduled-offers-data");

    // The inbox shows the offer in Ana's thread.
    await page.goto("/chats");
    await page.getByRole("tab", { name: /Acme Shoes/ }).click();
    await page.getByRole("button", { name: new RegExp(ana.name) }).click();
    const anaThread = page.getByRole("region", { name: `Conversation with ${ana.name}` });
    await expect(anaThread.getByRole("separator", { name: "Today" })).toBeVisible();
    await expect(anaThread.getByText(text)).toBeVisible();

    // The same screens with data at phone width.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/company/scheduled-offers");
    await expect(page.locator(`li[data-offer-id="${textOffer._id}"]`)).toContainText("100%");
    await capture(page, "phone-scheduled-offers-data");
    await page.goto("/company/send-offer");
    await page.getByLabel("Page").selectOption({ label: "Acme Shoes" });
    await page.getByRole("radio", { name: /Text Only/ }).check();
    await page.getByRole("textbox", { name: "Message" }).fill(text);
    await page.getByRole("button", { name: vip }).click();
    await expect(page.getByTestId("offer-audience")).toContainText("3 customers match");
    await capture(page, "phone-send-offer-data");
  });
});
