import { mkdirSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { ACCOUNTS, signInAs } from "./support/auth";
import { E2E } from "./support/env";

// Every inbound kind arriving live in an open thread (issue #11): a voice note, a video and a file — each
// first shown from the simulator's expiring URL, then switched live to the worker's copy — a reaction, an
// edit and an unsend; and an agent sending a PDF. Screenshots at 1440 px and 375 px in screenshots/.

const SIM = `http://127.0.0.1:${E2E.simulatorPort}`;
const SHOES = "100000000000001";
const SHOTS = "screenshots";
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
  "latin1",
);

mkdirSync(SHOTS, { recursive: true });

async function simPost<T = Record<string, unknown>>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${SIM}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

const thread = (page: Page): Locator => page.getByTestId("message-scroller");
const row = (page: Page, name: string) => page.getByRole("list", { name: "Conversations" }).getByRole("listitem").filter({ hasText: name });

async function shot(page: Page, name: string, width: number) {
  await page.waitForTimeout(400); // media frames and the bubble's layout settle
  await page.screenshot({ path: `${SHOTS}/inbox-${name}-${width}.png` });
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`every kind arrives live in an open thread, and an agent sends a PDF — ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    // On a phone the open thread covers the list: its previews are checked at desktop width.
    const preview = async (text: string) => {
      if (viewport.width >= 768) await expect(row(page, first)).toContainText(text);
    };
    const first = `Kai${Date.now().toString(36).slice(-5)}${viewport.width}`;
    const { psid } = await simPost<{ psid: string }>("/sim/customers", { pageId: SHOES, firstName: first, lastName: "Media" });
    const question = await simPost<{ mid: string }>("/sim/messages", { pageId: SHOES, psid, text: "Hi! Is the blue jacket still available?" });

    await signInAs(page, ACCOUNTS.staff.email);
    await expect(page).toHaveURL(/\/chats$/);
    await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible({ timeout: 15_000 });
    await row(page, first).getByRole("button").click();
    await expect(thread(page)).toContainText("blue jacket");

    // A voice note: shown at once from Meta's (the simulator's) expiring URL, then from our copy, live.
    await simPost("/sim/messages", { pageId: SHOES, psid, attachments: [{ type: "audio" }] });
    const voice = thread(page).locator('[data-media="audio"] audio');
    await expect(voice).toBeVisible();
    await expect(voice).toHaveAttribute("src", /\/api\/attachments\/[a-f0-9]{32}\?expires=/, { timeout: 15_000 });
    await preview("Voice message");
    await shot(page, "voice-note", viewport.width);

    await simPost("/sim/messages", { pageId: SHOES, psid, attachments: [{ type: "video" }] });
    const video = thread(page).locator('video[data-media="video"]');
    await expect(video).toBeVisible();
    await expect(video).toHaveAttribute("src", /\/api\/attachments\//, { timeout: 15_000 });
    await shot(page, "video", viewport.width);

    await simPost("/sim/messages", { pageId: SHOES, psid, attachments: [{ type: "file" }] });
    const file = thread(page).locator('[data-media="file"]').filter({ hasText: "invoice.pdf" });
    await expect(file).toBeVisible();
    await expect(file).toHaveAttribute("href", /\/api\/attachments\//, { timeout: 15_000 });
    await preview("File: invoice.pdf");
    // Our copy is served to the agent (signed URL) as the PDF it is.
    const copy = await page.request.get((await file.getAttribute("href"))!);
    expect(copy.status()).toBe(200);
    expect(copy.headers()["content-type"]).toBe("application/pdf");
    await shot(page, "file", viewport.width);

    await simPost("/sim/reaction", { pageId: SHOES, psid, mid: question.mid, reaction: "love" });
    const asked = thread(page).locator(`[data-mid="${question.mid}"]`);
    await expect(asked.locator("[data-reactions]")).toHaveText("❤️");
    await preview("Reacted ❤️ to");
    await asked.scrollIntoViewIfNeeded();
    await shot(page, "reaction", viewport.width);

    await simPost("/sim/edit", { pageId: SHOES, psid, mid: question.mid, text: "Hi! Is the green jacket still available?" });
    await expect(asked).toContainText("green jacket");
    await expect(asked.locator("[data-edited]")).toHaveText("(edited)");
    await expect(thread(page)).not.toContainText("blue jacket");
    await shot(page, "edit", viewport.width);

    const oops = await simPost<{ mid: string }>("/sim/messages", { pageId: SHOES, psid, text: "my card number is 4111 1111" });
    await expect(thread(page)).toContainText("my card number");
    await simPost("/sim/unsend", { pageId: SHOES, psid, mid: oops.mid });
    await expect(thread(page).locator(`[data-mid="${oops.mid}"]`)).toHaveText("This message was unsent");
    await expect(thread(page)).not.toContainText("my card number");
    await shot(page, "unsend", viewport.width);

    // The agent sends a PDF; Messenger (the simulator) receives a file attachment.
    await page.getByTestId("file-input").setInputFiles([{ name: "Quote 2026.pdf", mimeType: "application/pdf", buffer: PDF }]);
    const sentFile = thread(page).locator('[data-media="file"]').filter({ hasText: "Quote 2026.pdf" });
    await expect(sentFile).toBeVisible();
    await expect
      .poll(async () => ((await (await fetch(`${SIM}/sim/sent?pageId=${SHOES}&psid=${psid}`)).json()) as { content: { attachment?: { type: string } } }[]).map((s) => s.content.attachment?.type))
      .toContain("file");
    await expect(page.getByText("Sent").or(page.getByText("Delivered")).or(page.getByText("Seen")).last()).toBeVisible();
    await shot(page, "agent-sends-pdf", viewport.width);
  });
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`a reel, a shared post, a booking and a quiet system line arrive live — ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const first = `Rio${Date.now().toString(36).slice(-5)}${viewport.width}`;
    const { psid } = await simPost<{ psid: string }>("/sim/customers", { pageId: SHOES, firstName: first, lastName: "Shares" });
    await simPost("/sim/messages", { pageId: SHOES, psid, text: "Look at these!" });

    await signInAs(page, ACCOUNTS.staff.email);
    await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible({ timeout: 15_000 });
    await row(page, first).getByRole("button").click();
    await expect(thread(page)).toContainText("Look at these!");

    // A reel from Meta's CDN: a video-like card at once, playing from our copy once the worker has it.
    await simPost("/sim/messages", { pageId: SHOES, psid, attachments: [{ type: "reel", title: "Our spring drop" }] });
    const reel = thread(page).locator('[data-media="reel"]');
    await expect(reel).toBeVisible();
    await expect(reel.locator("video")).toHaveAttribute("src", /\/api\/attachments\//, { timeout: 15_000 });
    await expect(reel).toContainText("Our spring drop");
    // An Instagram reel whose link we may not fetch stays a card that opens Instagram.
    await simPost("/sim/messages", { pageId: SHOES, psid, attachments: [{ type: "ig_reel", url: "https://www.instagram.com/reel/C0abcDEF/", title: "Styling tips" }] });
    const igReel = thread(page).locator('[data-media="ig_reel"]');
    await expect(igReel).toContainText("Open in Instagram");
    await expect(igReel).toHaveAttribute("href", "https://www.instagram.com/reel/C0abcDEF/");
    await shot(page, "reel", viewport.width);

    await simPost("/sim/messages", { pageId: SHOES, psid, attachments: [{ type: "post", url: "https://www.facebook.com/shoes/posts/pfbid02abc", title: "Summer sale starts Friday" }] });
    const post = thread(page).locator('[data-media="post"]');
    await expect(post).toContainText("Summer sale starts Friday");
    await expect(post).toHaveAttribute("href", "https://www.facebook.com/shoes/posts/pfbid02abc");
    if (viewport.width >= 768) await expect(row(page, first)).toContainText("Shared a post: Summer sale starts Friday");
    await simPost("/sim/messages", { pageId: SHOES, psid, attachments: [{ type: "appointment_booking", booking: { status: "confirmed", start: Date.UTC(2026, 11, 4, 9, 0), timezone: "Europe/Berlin" } }] });
    await expect(thread(page).locator('[data-media="appointment_booking"]')).toContainText("Appointment confirmed");
    await expect(thread(page).locator('[data-media="appointment_booking"]')).toContainText("Fri, Dec 4, 10:00 AM – 11:00 AM (Europe/Berlin)");

    // A system event is a quiet line: no bubble, no new preview.
    await simPost("/sim/system-event", { pageId: SHOES, psid, kind: "optin", notifications: "opt_in", title: "Weekly deals" });
    await expect(thread(page).getByTestId("system-line")).toContainText("Opted in to notifications: “Weekly deals”");
    if (viewport.width >= 768) await expect(row(page, first)).toContainText("Appointment confirmed");
    await shot(page, "post-booking-system-line", viewport.width);
  });
}
