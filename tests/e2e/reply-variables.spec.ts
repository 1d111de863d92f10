import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, signInAs } from "./support/auth";
import { E2E } from "./support/env";
import { simPost, unique } from "./support/sim";

// Saved replies with variables (issue 43, docs/PRODUCT.md §13.2), at 1440 and 375 px: the form refuses an
// unknown variable with its message; the picker previews the reply for the open conversation; choosing it asks
// for its blanks in a dialog (required, keyboard only at 375 px) and puts the filled text in the composer; Send
// delivers it. axe finds nothing serious or critical on the form and the dialog. Screenshots in /tmp/vars-*.png.

const SIM = `http://127.0.0.1:${E2E.simulatorPort}`;
const SHOES = "100000000000001";
const TEMPLATE = "Hi {{customer.first_name}}, your order {{?order number}} ships {{?day}}. {{agent.name}}, {{page.name}}";

async function expectNoSeriousAxeViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').setLegacyMode().options({ resultTypes: ["violations"] }).analyze();
  for (const v of violations) console.log(`axe ${what} @${page.viewportSize()?.width}: [${v.impact}] ${v.id}`);
  const blocking = violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `[${v.impact}] ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
  expect(blocking).toEqual([]);
}

async function shot(page: Page, name: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} overflows sideways`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `/tmp/vars-${name}.png` });
}

test("a saved reply's variables are filled and its blanks asked for before it goes into the composer — 1440 and 375 px", async ({ page }) => {
  test.setTimeout(120_000);
  const shortcut = unique("order");
  const popover = page.getByRole("dialog", { name: "Saved replies" });
  const blanks = page.getByRole("dialog", { name: "Fill in the blanks" });
  const composer = page.getByRole("textbox", { name: "Message" });

  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
    const first = unique("Ana");
    const { psid } = await simPost<{ psid: string }>("/sim/customers", { pageId: SHOES, firstName: first, lastName: "Lima" });
    await simPost("/sim/messages", { pageId: SHOES, psid, text: "Where is my order?" });
    if (width === 1440) await signInAs(page, ACCOUNTS.staff.email);
    else await page.goto("/chats");
    const row = page.getByRole("list", { name: "Conversations" }).getByRole("listitem").filter({ hasText: `${first} Lima` });
    await row.getByRole("button").first().click();
    await page.getByRole("button", { name: "Saved replies" }).click();

    if (width === 1440) {
      // The form refuses an unknown variable with the API's words, and saves once it is fixed.
      await popover.getByRole("button", { name: "Add new" }).click();
      await popover.getByLabel("Shortcut").fill(shortcut);
      await popover.getByLabel("Message").fill("Hi {{customer.age}}");
      await popover.getByRole("button", { name: "Save", exact: true }).click();
      await expect(popover.getByText("Unknown variable {{customer.age}}. Use {{customer.first_name}}, {{customer.name}}, {{agent.name}}, {{page.name}} or a blank like {{?order number}}.")).toBeVisible();
      await expect(popover.getByLabel("Message")).toBeFocused();
      await expectNoSeriousAxeViolations(page, "saved reply form");
      await shot(page, `${width}-form`);
      await popover.getByLabel("Message").fill(TEMPLATE);
      await popover.getByRole("button", { name: "Save", exact: true }).click();
    }

    // The picker previews the reply for this conversation, the blanks marked by name.
    await popover.getByRole("searchbox", { name: "Search saved replies" }).fill(shortcut);
    const item = popover.getByRole("listitem").filter({ hasText: shortcut });
    await expect(item).toContainText(`Hi ${first}, your order blank: order number ships blank: day. Sara Staff, Acme Shoes`);
    await shot(page, `${width}-picker`);
    await item.getByRole("button").filter({ hasText: shortcut }).click();

    // Each blank is a required field labelled by its name; the first has the keyboard.
    await expect(blanks).toBeVisible();
    await expect(popover).toHaveCount(0);
    await expect(blanks.getByLabel("order number")).toBeFocused();
    await expectNoSeriousAxeViolations(page, "blanks dialog");
    await blanks.getByRole("button", { name: "Insert" }).click();
    await expect(blanks.getByText("Please fill in order number.")).toBeVisible();
    await expect(blanks.getByText("Please fill in day.")).toBeVisible();
    await expect(blanks.getByLabel("order number")).toBeFocused();
    await expect(blanks.getByLabel("order number")).toHaveAccessibleDescription("Please fill in order number.");
    // Keyboard only: type, Tab to the next blank, type, Enter.
    await page.keyboard.type("4411");
    await page.keyboard.press("Tab");
    await expect(blanks.getByLabel("day")).toBeFocused();
    await page.keyboard.type("Monday");
    const filled = `Hi ${first}, your order 4411 ships Monday. Sara Staff, Acme Shoes`;
    await expect(blanks.getByTestId("reply-blanks-preview")).toHaveText(filled);
    await shot(page, `${width}-dialog`);
    await page.keyboard.press("Enter");

    // The filled text waits in the composer; the agent sends it.
    await expect(blanks).toHaveCount(0);
    await expect(composer).toHaveValue(filled);
    await expect(composer).toBeFocused();
    await shot(page, `${width}-composer`);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect
      .poll(async () => ((await (await fetch(`${SIM}/sim/sent?pageId=${SHOES}&psid=${psid}`)).json()) as { content: { text?: string } }[]).map((s) => s.content.text))
      .toEqual([filled]);
  }
});
