import { mkdirSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { ACCOUNTS, signInAs } from "./support/auth";
import { E2E } from "./support/env";
import { simPost, unique } from "./support/sim";

// The handover protocol and Meta's policy enforcement as an agent lives them (issue 27): the Page Inbox
// takes a thread and the customer's next message arrives live in standby, the composer says why it is
// closed, Take control opens it, Pass back hands the thread to the Page Inbox again; Meta blocks the page
// (a red banner with Meta's reason, sending paused) and lifts the block (the banner goes). The simulator
// plays the Page Inbox and Meta. Screenshots at 1440 px and 375 px in screenshots/.

const SIM = `http://127.0.0.1:${E2E.simulatorPort}`;
const SUPPORT = "100000000000003"; // Acme Support: Sara answers it, no other spec writes to it
const SHOTS = "screenshots";
const REASON = "Your page sent messages that people reported as spam.";

mkdirSync(SHOTS, { recursive: true });

const thread = (page: Page): Locator => page.getByTestId("message-scroller");
const control = (page: Page): Locator => page.getByTestId("thread-control");
const composer = (page: Page): Locator => page.getByRole("textbox", { name: "Message" });

async function shot(page: Page, name: string, width: number) {
  await page.waitForTimeout(300); // the toast's and the banner's entrance settle
  await page.screenshot({ path: `${SHOTS}/handover-${name}-${width}.png` });
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`standby message live, Take control, Pass back, a policy block and its lifting — ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const name = unique(`Ines${viewport.width}`);
    const { psid } = await simPost<{ psid: string }>("/sim/customers", { pageId: SUPPORT, firstName: name, lastName: "Handover" });
    await simPost("/sim/messages", { pageId: SUPPORT, psid, text: "Hi! My parcel never arrived." });

    await signInAs(page, ACCOUNTS.staff.email);
    await expect(page).toHaveURL(/\/chats$/);
    await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible({ timeout: 15_000 });
    await page.getByRole("tab", { name: /Acme Support/ }).click();
    await page.getByRole("list", { name: "Conversations" }).getByRole("listitem").filter({ hasText: name }).getByRole("button").click();
    await expect(thread(page)).toContainText("parcel never arrived");
    await expect(control(page)).toBeVisible();

    // The Page Inbox takes the thread (someone answers in Facebook): Switchboard hears of it at once.
    await simPost("/sim/handover/take", { pageId: SUPPORT, psid, appId: "page_inbox" });
    await expect(control(page)).toHaveAttribute("data-owner", "page_inbox");
    await expect(page.getByText("The Page Inbox controls this conversation. Take control to reply.")).toBeVisible();
    await expect(composer(page)).toBeDisabled();
    // The customer writes on: the message comes in standby, and shows live like any other.
    await simPost("/sim/messages", { pageId: SUPPORT, psid, text: "Hello? Is anyone reading this?" });
    await expect(thread(page)).toContainText("Is anyone reading this?");
    await expect(thread(page)).toContainText("Taken by Page Inbox");
    await shot(page, "standby-live", viewport.width);

    // Take control: Facebook hands the thread to Switchboard, the composer opens.
    await control(page).getByRole("button", { name: "Take control" }).click();
    const taken = page.getByText("You control this conversation now.");
    await expect(taken).toBeVisible();
    await expect(control(page)).toHaveAttribute("data-owner", "app");
    await expect(composer(page)).toBeEnabled();
    await composer(page).fill("Sorry! I am on it now.");
    await composer(page).press("Enter");
    await expect(thread(page)).toContainText("Sorry! I am on it now.");
    await expect(thread(page)).toContainText("Taken by Sara");
    await shot(page, "taken", viewport.width);
    // On a phone the toast lies over the header's second line: the next click waits for it to go (the
    // pointer moves off it first: a hovered toast stays).
    await page.mouse.move(1, viewport.height - 1);
    await expect(taken).toBeHidden({ timeout: 10_000 });

    // Pass back to the Page Inbox: the composer closes again and says why.
    await control(page).getByRole("button", { name: "Pass back" }).click();
    const passed = page.getByText("Passed to Page Inbox.", { exact: true });
    await expect(passed).toBeVisible();
    await expect(control(page)).toHaveAttribute("data-owner", "page_inbox");
    await expect(composer(page)).toBeDisabled();
    await shot(page, "passed-back", viewport.width);
    const handover = await (await fetch(`${SIM}/sim/handover?pageId=${SUPPORT}&psid=${psid}`)).json();
    expect(handover.owner).toBe("263902037430900");
    await page.mouse.move(1, viewport.height - 1);
    await expect(passed).toBeHidden({ timeout: 10_000 });

    // Meta blocks the page: a red banner with Meta's reason, live; sending is paused.
    await control(page).getByRole("button", { name: "Take control" }).click();
    await expect(composer(page)).toBeEnabled();
    await simPost("/sim/policy", { pageId: SUPPORT, action: "block", reason: REASON });
    const banner = page.getByRole("alert").filter({ hasText: "Blocked by Meta" });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(REASON);
    await expect(page.getByText("Meta has blocked messaging for this page, so sending is paused until Meta lifts the block.")).toBeVisible();
    await expect(composer(page)).toBeDisabled();
    await shot(page, "policy-blocked", viewport.width);

    // Meta lifts it: the banner goes and the composer opens, live.
    await simPost("/sim/policy", { pageId: SUPPORT, action: "unblock" });
    await expect(banner).toBeHidden();
    await expect(composer(page)).toBeEnabled();
    await shot(page, "policy-lifted", viewport.width);
  });
}

const OUTLET = "100000000000002"; // Acme Outlet: only this test changes its health

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`the Pages screen: Meta's block with its reason and the handover role, live — ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await signInAs(page, ACCOUNTS.companyAdmin.email);
    await page.goto("/company/fb-pages");
    const row = page.getByRole("row", { name: /Acme Outlet/ });
    await expect(row).toBeVisible();

    // The Page admin makes a chatbot the primary receiver, and Meta blocks the page: the table follows live.
    await simPost("/sim/handover/roles", { pageId: OUTLET, role: "secondary_receiver" });
    await simPost("/sim/policy", { pageId: OUTLET, action: "block", reason: REASON });
    await expect(row.locator("[data-health]")).toHaveAttribute("data-health", "policy_blocked");
    await expect(row).toContainText("Blocked by Meta");
    await shot(page, "pages-blocked", viewport.width);

    // The page's health panel: Meta's reason, and Switchboard's role on the page.
    await row.getByRole("link", { name: "Edit Acme Outlet" }).click();
    await expect(page.getByTestId("page-policy")).toContainText(REASON);
    await expect(page.getByTestId("handover-role")).toHaveAttribute("data-role", "secondary_receiver");
    await expect(page.getByTestId("handover-role")).toContainText("Switchboard is a secondary receiver");
    await shot(page, "health-panel-blocked", viewport.width);

    // Meta lifts the block, the admin makes Switchboard primary again: the panel follows live.
    await simPost("/sim/policy", { pageId: OUTLET, action: "unblock" });
    await simPost("/sim/handover/roles", { pageId: OUTLET, role: "primary_receiver" });
    await expect(page.getByTestId("page-policy")).toBeHidden();
    await expect(page.getByTestId("handover-role")).toHaveAttribute("data-role", "primary_receiver");
    await shot(page, "health-panel-lifted", viewport.width);
  });
}
