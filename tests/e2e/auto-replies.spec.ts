import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, signInAs } from "./support/auth";

// A Page's automatic replies in its settings (docs/PRODUCT.md §13.1), at 1440 and 375 px: the company admin
// turns the instant reply on with its text and N, saves, sees it kept after a reload; an away text with a
// link the whitelist does not allow is refused under its field with the violation's words. axe finds nothing
// serious on the form, and nothing is wider than a phone. Screenshots in /tmp/auto-replies-*.png. The Page's
// replies are off again afterwards: other specs answer its customers and count its sends.

const SUPPORT = "100000000000003";
const OFF = { instant: { enabled: false, text: "" }, away: { enabled: false, text: "" }, every_hours: 12 };

async function pageIdAndToken(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const res = await page.request.get("/api/pages", { headers: { Authorization: `Bearer ${token}` } });
  const id = ((await res.json()) as { pages: { _id: string; page_id: string }[] }).pages.find((p) => p.page_id === SUPPORT)!._id;
  return { id, token };
}

async function expectNoSeriousAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('form[aria-label="Automatic replies"]').options({ resultTypes: ["violations"] }).analyze();
  const blocking = violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `[${v.impact}] ${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
  expect(blocking).toEqual([]);
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`the company admin sets a Page's automatic replies — ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await signInAs(page, ACCOUNTS.companyAdmin.email);
    await expect(page).toHaveURL(/\/company\/dashboard$/);
    const { id, token } = await pageIdAndToken(page);
    const reset = () => page.request.put(`/api/pages/${id}/auto-replies`, { headers: { Authorization: `Bearer ${token}` }, data: OFF });
    await reset();
    try {
      await page.goto(`/company/fb-pages/${id}/edit`);
      const form = page.getByRole("form", { name: "Automatic replies" });
      await expect(form).toBeVisible();
      await form.getByRole("switch", { name: "Instant reply" }).check();
      await form.getByLabel("Instant reply text").fill("Thanks for writing! We answer within the hour.");
      await form.getByLabel("At most once per conversation every").fill("6");
      await form.getByRole("button", { name: "Save automatic replies" }).click();
      await expect(page.getByText("Automatic replies saved")).toBeVisible();

      await page.reload();
      await expect(form.getByRole("switch", { name: "Instant reply" })).toBeChecked();
      await expect(form.getByLabel("Instant reply text")).toHaveValue("Thanks for writing! We answer within the hour.");
      await expect(form.getByLabel("At most once per conversation every")).toHaveValue("6");
      await expect(form.getByRole("switch", { name: "Away message" })).not.toBeChecked();
      await expectNoSeriousAxeViolations(page);
      await form.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/auto-replies-${viewport.width}-saved.png`, fullPage: true });

      // A link the company's whitelist does not allow: refused, said under the field.
      await form.getByRole("switch", { name: "Away message" }).check();
      await form.getByLabel("Away message text").fill("We are closed. Cheaper at https://evil.example/deal");
      await form.getByRole("button", { name: "Save automatic replies" }).click();
      await expect(form.getByText("Security Violation Alert: Unauthorized content detected in your message")).toBeVisible();
      await expect(form.getByLabel("Away message text")).toHaveAttribute("aria-invalid", "true");
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({ path: `/tmp/auto-replies-${viewport.width}-refused.png`, fullPage: true });

      const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
      expect(widths.doc).toBeLessThanOrEqual(widths.screen);
    } finally {
      await reset();
    }
  });
}
