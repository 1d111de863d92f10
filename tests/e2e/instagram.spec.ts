import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, signInAs } from "./support/auth";
import { E2E } from "./support/env";
import { simPost, unique } from "./support/sim";

// Instagram Direct in the Page's inbox (issue 31): a customer writes on the Instagram account linked to
// Acme Shoes (the simulator sends Meta's object "instagram" webhook), the message arrives live in the
// Page's list and thread marked Instagram, and an agent answers with text and an image, which reach the
// Page's Send API with the IGSID. Screenshots at 1440 px and 375 px in screenshots/.

const SIM = `http://127.0.0.1:${E2E.simulatorPort}`;
const SHOES = "100000000000001";
const SHOTS = "screenshots";
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

mkdirSync(SHOTS, { recursive: true });

type Sent = { psid: string; content: { text?: string; attachment?: { type: string } } };
const sentTo = async (psid: string): Promise<Sent[]> => (await (await fetch(`${SIM}/sim/sent?pageId=${SHOES}&psid=${psid}`)).json()) as Sent[];
const row = (page: Page, name: string) => page.getByRole("list", { name: "Conversations" }).getByRole("listitem").filter({ hasText: name });
const thread = (page: Page) => page.getByTestId("message-scroller");

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`an Instagram customer writes, it arrives live marked Instagram, an agent answers with text and an image — ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signInAs(page, ACCOUNTS.staff.email);
    await expect(page).toHaveURL(/\/chats$/);
    await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible({ timeout: 15_000 });

    // Written while the inbox is open: it arrives live, marked Instagram in the list.
    const first = unique("Ines");
    const { psid } = await simPost<{ psid: string }>("/sim/customers", { pageId: SHOES, firstName: first, lastName: "Gram", channel: "instagram" });
    await simPost("/sim/messages", { pageId: SHOES, psid, text: "Love this colour! Size 38?", storyReply: {} });
    await expect(row(page, first)).toBeVisible({ timeout: 15_000 });
    await expect(row(page, first).locator('[data-channel="instagram"]')).toHaveText("Instagram");
    if (viewport.width >= 768) await page.screenshot({ path: `${SHOTS}/instagram-list-${viewport.width}.png` });

    await row(page, first).getByRole("button").click();
    await expect(thread(page)).toContainText("Love this colour! Size 38?");
    await expect(page.getByRole("heading", { name: new RegExp(first) })).toBeVisible();
    await expect(page.locator('p [data-channel="instagram"]')).toBeVisible(); // the thread header's status line
    await expect(thread(page).locator('[data-media="story_reply"]')).toBeVisible();

    const box = page.getByRole("textbox", { name: "Message" });
    await box.fill("Yes, 38 is in stock.");
    await box.press("Enter");
    await expect(thread(page)).toContainText("Yes, 38 is in stock.");
    await page.getByTestId("image-input").setInputFiles([{ name: "shoe.png", mimeType: "image/png", buffer: PNG }]);
    await box.press("Enter");
    await expect.poll(async () => (await sentTo(psid)).map((s) => s.content.attachment?.type ?? s.content.text)).toEqual(["Yes, 38 is in stock.", "image"]);
    await expect(thread(page).getByRole("img", { name: "Image" })).toHaveCount(1);
    await page.waitForTimeout(300); // the image's layout settles before the picture
    await page.screenshot({ path: `${SHOTS}/instagram-thread-${viewport.width}.png` });
  });
}
