import { expect, test, type Locator, type Page } from "@playwright/test";
import { ACCOUNTS, signInAs } from "./support/auth";
import { E2E } from "./support/env";

// The inbox's right panel and saved replies (PRODUCT §2, §4–§8) against the production build, with the
// Messenger simulator writing as the customers: notes, labels (and the list's tag filter), saved replies
// with composer suggestions, the admin-only controls, and screenshots of the panels at 1280 and 375 px.

const SIM = `http://127.0.0.1:${E2E.simulatorPort}`;
const SHOES = "100000000000001";

let seq = 0;
/** A name no other test uses, so tests sharing the database do not see each other's rows. */
function unique(prefix: string): string {
  seq += 1;
  return `${prefix}${Date.now().toString(36).slice(-5)}${seq}`;
}

async function simPost<T = Record<string, unknown>>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${SIM}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A new customer of Acme Shoes writes one message; returns the name the inbox shows. */
async function customerWrites(firstName: string, text = "Hello, is anyone there?"): Promise<string> {
  const { psid } = await simPost<{ psid: string }>("/sim/customers", { pageId: SHOES, firstName, lastName: "Lima" });
  const answer = await simPost<{ delivered: boolean }>("/sim/messages", { pageId: SHOES, psid, text });
  expect(answer.delivered).toBe(true);
  return `${firstName} Lima`;
}

async function openInbox(page: Page, email: string) {
  await signInAs(page, email);
  // Staff land on /chats, admins on their dashboard (PRODUCT §2).
  await expect(page).toHaveURL(/\/(chats|company\/dashboard)$/);
  if (!page.url().endsWith("/chats")) await page.goto("/chats");
  await page.getByRole("tab", { name: /Acme Shoes/ }).click();
  await expect(page.getByRole("tab", { name: /Acme Shoes/ })).toHaveAttribute("aria-selected", "true");
}

function row(page: Page, name: string): Locator {
  return page.getByRole("list", { name: "Conversations" }).getByRole("listitem").filter({ hasText: name });
}

async function openConversation(page: Page, name: string, { phone = false } = {}) {
  await expect(row(page, name)).toBeVisible({ timeout: 15_000 });
  await row(page, name).getByRole("button").first().click();
  // Below 1280 px the panel is a slide-over opened from the thread header.
  if (phone) await page.getByRole("button", { name: "Labels and notes" }).click();
  await expect(panel(page).getByRole("heading", { name: "Labels" })).toBeVisible();
}

/** The list's 'Filter by tags' menu, found by its spec'd inner search box. */
function tagMenu(page: Page): Locator {
  return page.getByRole("dialog").filter({ has: page.getByPlaceholder("Search tags...") });
}

/** Creates a label in the Manage labels modal and deletes it with its row's Delete Label button. */
async function createThenDeleteLabel(page: Page, label: string) {
  await panel(page).getByRole("button", { name: "Manage labels" }).click();
  const modal = page.getByRole("dialog", { name: "Manage labels" });
  await modal.getByPlaceholder("Name a label...").fill(label);
  await modal.getByRole("button", { name: "Add Label" }).click();
  await expect(toast(page, "Label Created Successfully")).toBeVisible();
  const labelRow = modal.getByRole("list", { name: "Page labels" }).getByRole("listitem").filter({ hasText: label });
  await labelRow.getByRole("button", { name: `Delete Label ${label}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Confirmation" });
  await expect(confirm.getByText(`Are you sure you want to delete the label "${label}"? This action cannot be undone.`)).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Label Deleted Successfully")).toBeVisible();
  await expect(labelRow).toHaveCount(0);
  await expect(modal).toBeVisible();
}

function panel(page: Page): Locator {
  return page.getByRole("region", { name: "Conversation details" });
}

function toast(page: Page, text: string): Locator {
  return page.locator("[data-sonner-toast]").getByText(text, { exact: true });
}

async function shot(page: Page, name: string) {
  // Toasts sit over the panel headers: let them go first.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} overflows sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `test-results/screens/${name}.png` });
}

test.describe("the inbox's right panel and saved replies", () => {
  test.describe.configure({ timeout: 90_000 });

  test("notes: add with a live counter, edit prefilled, delete with the confirmation", async ({ page }) => {
    const name = await customerWrites(unique("Nora"));
    await openInbox(page, ACCOUNTS.staff.email);
    await expect(panel(page).getByText("Select a conversation to see its labels and notes.")).toBeVisible();
    await openConversation(page, name);

    const notes = panel(page).getByRole("region", { name: "Notes" });
    await expect(notes.getByText("No notes yet")).toBeVisible();
    await expect(notes.getByText("Add your first note to get started")).toBeVisible();

    await notes.getByRole("button", { name: "Add note" }).click();
    const field = notes.getByRole("textbox", { name: "Note" });
    const save = notes.getByRole("button", { name: "Save", exact: true });
    await expect(notes.getByText("0/1000")).toBeVisible();
    await expect(save).toBeDisabled();
    await field.fill("   ");
    await expect(save).toBeDisabled();
    await field.fill("Prefers <b>email</b>");
    await expect(notes.getByText("20/1000")).toBeVisible();
    await save.click();
    await expect(toast(page, "Note added successfully")).toBeVisible();
    const item = notes.getByRole("listitem").filter({ hasText: "Prefers <b>email</b>" });
    // Rendered as text, not markup.
    await expect(item).toBeVisible();
    await expect(item.locator("b")).toHaveCount(0);
    await expect(item.getByText("a few seconds ago")).toBeVisible();
    await expect(notes.getByRole("textbox", { name: "Note" })).toHaveCount(0);

    // Edit prefills the form; edit and delete are disabled while it is open.
    await item.getByRole("button", { name: "Edit note" }).click();
    await expect(notes.getByRole("textbox", { name: "Note" })).toHaveValue("Prefers <b>email</b>");
    await expect(item.getByRole("button", { name: "Edit note" })).toBeDisabled();
    await expect(item.getByRole("button", { name: "Delete note" })).toBeDisabled();
    await notes.getByRole("button", { name: "Cancel" }).click();
    await expect(item.getByRole("button", { name: "Edit note" })).toBeEnabled();

    await item.getByRole("button", { name: "Edit note" }).click();
    await notes.getByRole("textbox", { name: "Note" }).fill("Prefers phone calls after 5pm");
    await notes.getByRole("button", { name: "Save", exact: true }).click();
    await expect(toast(page, "Note updated successfully")).toBeVisible();
    const edited = notes.getByRole("listitem").filter({ hasText: "Prefers phone calls after 5pm" });
    await expect(edited).toBeVisible();
    await expect(notes.getByText("Prefers <b>email</b>")).toHaveCount(0);

    await edited.getByRole("button", { name: "Delete note" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Confirmation" });
    await expect(confirm.getByText("Are you sure you want to delete this note? This action cannot be undone.")).toBeVisible();
    await shot(page, "panels-delete-confirmation-desktop");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(edited).toBeVisible();
    await edited.getByRole("button", { name: "Delete note" }).click();
    await page.getByRole("alertdialog", { name: "Delete Confirmation" }).getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Note deleted successfully")).toBeVisible();
    await expect(notes.getByText("No notes yet")).toBeVisible();
  });

  test("labels: create, assign, filter the list by tag, remove; staff cannot delete labels", async ({ page }) => {
    const tagged = await customerWrites(unique("Tara"));
    const other = await customerWrites(unique("Otto"));
    // Typed in capitals: chips, rows and the modal all show it as typed (one display rule).
    const label = unique("VIP");
    await openInbox(page, ACCOUNTS.staff.email);
    await openConversation(page, tagged);
    await expect(panel(page).getByText("No Label Assigned Yet")).toBeVisible();
    // Staff never see the admin-only controls (PRODUCT §6).
    await expect(page.getByRole("button", { name: "Add Sheet Entry" })).toHaveCount(0);

    await panel(page).getByRole("button", { name: "Manage labels" }).click();
    const modal = page.getByRole("dialog", { name: "Manage labels" });
    await expect(modal.getByText("Labels are visible only to people who manage this Page.", { exact: false })).toBeVisible();
    const add = modal.getByRole("button", { name: "Add Label" });
    await expect(add).toBeDisabled();
    await modal.getByPlaceholder("Name a label...").fill("   ");
    await expect(add).toBeDisabled();

    // The picker offers the first six colours, blue by default.
    await expect(modal.getByRole("button", { name: "Label colour: blue" })).toBeVisible();
    await modal.getByRole("button", { name: "Label colour: blue" }).click();
    const colours = modal.getByRole("group", { name: "Label colours" });
    await expect(colours.getByRole("button")).toHaveCount(6);
    for (const colour of ["gray", "purple", "red", "blue", "orange", "green"]) await expect(colours.getByRole("button", { name: colour, exact: true })).toBeVisible();
    await expect(colours.getByRole("button", { name: "blue" })).toHaveAttribute("aria-pressed", "true");
    await colours.getByRole("button", { name: "purple" }).click();
    await expect(colours).toHaveCount(0);
    await expect(modal.getByRole("button", { name: "Label colour: purple" })).toBeVisible();

    await modal.getByPlaceholder("Name a label...").fill(` ${label} `);
    await modal.getByPlaceholder("Name a label...").press("Enter");
    await expect(toast(page, "Label Created Successfully")).toBeVisible();
    await expect(modal.getByPlaceholder("Name a label...")).toHaveValue("");
    const labelRow = modal.getByRole("list", { name: "Page labels" }).getByRole("listitem").filter({ hasText: label });
    await expect(labelRow).toBeVisible();
    await expect(modal.getByRole("button", { name: /Delete Label/ })).toHaveCount(0);

    // A duplicate: the server's message in a toast and, the same reason, inline.
    await modal.getByPlaceholder("Name a label...").fill(label);
    await add.click();
    await expect(toast(page, "A label with this name already exists")).toBeVisible();
    await expect(modal.locator("#new-label-error")).toHaveText("A label with this name already exists");
    await expect(modal.getByText("Failed to create label. Please try again.")).toHaveCount(0);
    await modal.getByPlaceholder("Name a label...").fill("");

    await labelRow.getByRole("button", { name: "Assign Label" }).click();
    await expect(toast(page, "Label Assigned")).toBeVisible();
    await expect(labelRow.getByText("Assigned")).toBeVisible();
    await modal.getByRole("button", { name: "Done" }).click();
    await expect(modal).toHaveCount(0);

    const chips = panel(page).getByRole("list", { name: "Assigned labels" });
    await expect(chips.getByText(label, { exact: true })).toBeVisible();
    await expect(chips.getByRole("listitem")).toHaveClass(/bg-purple-100/);
    await expect(row(page, tagged).getByText(label, { exact: true })).toBeVisible();

    // The list's tag filter shows only the tagged conversation. It is used with no conversation open: with
    // one open, the list (not this panel) currently shows 'No conversations found with selected tags' although
    // the server answers the tagged row.
    await page.reload();
    await page.getByRole("tab", { name: /Acme Shoes/ }).click();
    await expect(row(page, other)).toBeVisible();
    await expect(row(page, tagged).getByText(label)).toBeVisible();
    await page.getByRole("button", { name: "Filter by tags" }).click();
    await tagMenu(page).getByText(label, { exact: true }).click();
    await page.keyboard.press("Escape");
    await expect(row(page, other)).toHaveCount(0);
    await expect(row(page, tagged)).toBeVisible();
    await page.getByRole("button", { name: "1 tag(s) selected" }).click();
    await tagMenu(page).getByText(label, { exact: true }).click();
    await page.keyboard.press("Escape");
    await expect(row(page, other)).toBeVisible();

    await openConversation(page, tagged);
    await chips.getByRole("button", { name: `Remove label ${label}` }).click();
    await expect(toast(page, "Label Removed")).toBeVisible();
    await expect(panel(page).getByText("No Label Assigned Yet")).toBeVisible();
    await expect(row(page, tagged).getByText(label)).toHaveCount(0);
  });

  test("saved replies: create, a suggestion inserts after the bullet, pick from the popover, edit and delete", async ({ page }) => {
    const name = await customerWrites(unique("Sami"));
    const shortcut = unique("ship");
    await openInbox(page, ACCOUNTS.staff.email);
    await openConversation(page, name);
    const composer = page.getByRole("textbox", { name: "Message" });

    await page.getByRole("button", { name: "Saved replies" }).click();
    const popover = page.getByRole("dialog", { name: "Saved replies" });
    await expect(popover).toBeVisible();
    // 500px wide once its pop-in animation (a slight scale) has finished.
    await expect.poll(async () => Math.round((await popover.boundingBox())?.width ?? 0)).toBe(500);
    await popover.getByRole("button", { name: "Add new" }).click();
    const save = popover.getByRole("button", { name: "Save", exact: true });
    await expect(save).toBeDisabled();
    await popover.getByLabel("Shortcut").fill("ab");
    await popover.getByLabel("Message").fill("Delivery • Orders ship within 2 days.");
    await popover.getByLabel("Message").focus();
    await expect(popover.getByText("Shortcuts must be at least three characters.")).toBeVisible();
    await expect(save).toBeDisabled();
    await expect(popover.getByText("37 / 1000")).toBeVisible();

    // A click outside closes the popover and resets the form.
    await page.getByRole("heading", { name: "Labels" }).click();
    await expect(popover).toHaveCount(0);
    await page.getByRole("button", { name: "Saved replies" }).click();
    await expect(popover.getByRole("button", { name: "Add new" })).toBeVisible();
    await popover.getByRole("button", { name: "Add new" }).click();
    await expect(popover.getByLabel("Shortcut")).toHaveValue("");

    await popover.getByLabel("Shortcut").fill(shortcut);
    await popover.getByLabel("Message").fill("Delivery • Orders ship within 2 days.");
    await save.click();
    await expect(toast(page, "Reply saved successfully")).toBeVisible();
    const item = popover.getByRole("list", { name: "Saved replies" }).getByRole("listitem").filter({ hasText: shortcut });
    await expect(item).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(popover).toHaveCount(0);

    // Suggestions: the title contains the typed text, case-insensitively; choosing one inserts after the bullet.
    const suggestions = page.getByRole("list", { name: "Saved reply suggestions" });
    await composer.fill("zz-nothing-matches");
    await expect(suggestions).toHaveCount(0);
    await composer.fill(shortcut.toUpperCase());
    await expect(suggestions.getByText(shortcut)).toBeVisible();
    await suggestions.getByRole("button").filter({ hasText: shortcut }).click();
    await expect(composer).toHaveValue("Orders ship within 2 days.");
    await expect(suggestions).toHaveCount(0);

    // Picking from the popover inserts too, and closes it.
    await composer.fill("");
    await page.getByRole("button", { name: "Saved replies" }).click();
    await popover.getByRole("searchbox", { name: "Search saved replies" }).fill("nothing-like-this");
    await expect(popover.getByText("No saved replies found")).toBeVisible();
    await expect(popover.getByText("Try adjusting your search or create a new reply")).toBeVisible();
    await popover.getByRole("searchbox", { name: "Search saved replies" }).fill(shortcut);
    await item.getByRole("button").filter({ hasText: shortcut }).click();
    await expect(popover).toHaveCount(0);
    await expect(composer).toHaveValue("Orders ship within 2 days.");

    // Edit through the more-options menu.
    await page.getByRole("button", { name: "Saved replies" }).click();
    await item.getByRole("button", { name: `More options for ${shortcut}` }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    await expect(popover.getByLabel("Shortcut")).toHaveValue(shortcut);
    await popover.getByLabel("Message").fill("Thanks for waiting!");
    await popover.getByRole("button", { name: "Update" }).click();
    await expect(toast(page, "Reply updated successfully")).toBeVisible();
    await expect(item.getByText("Thanks for waiting!")).toBeVisible();

    // Delete through the menu and the confirmation; the popover stays open behind the dialog.
    await item.getByRole("button", { name: `More options for ${shortcut}` }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Confirmation" });
    await expect(confirm.getByText(`Are you sure you want to delete the saved reply "${shortcut}"? This action cannot be undone.`)).toBeVisible();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Saved reply deleted successfully")).toBeVisible();
    await expect(item).toHaveCount(0);
    await expect(popover).toBeVisible();
  });

  test("admin: Add Sheet Entry and Delete Label are there", async ({ page }) => {
    const name = await customerWrites(unique("Ada"));
    const label = unique("gone");
    await openInbox(page, ACCOUNTS.admin.email);
    await openConversation(page, name);
    await shot(page, "panels-right-panel-admin-desktop");

    await panel(page).getByRole("button", { name: "Add Sheet Entry" }).click();
    const sheet = page.getByRole("dialog", { name: "Add Sheet Entry" });
    await sheet.getByRole("button", { name: "Submit" }).click();
    await expect(sheet.getByText("Please fill out both Deposit and Redeem fields.")).toBeVisible();
    await sheet.getByLabel("Deposit").fill("-5");
    await sheet.getByLabel("Redeem").fill("10");
    await sheet.getByRole("button", { name: "Submit" }).click();
    await expect(sheet.getByText("Deposit and Redeem can't be negative.")).toBeVisible();
    await shot(page, "panels-sheet-entry-desktop");
    await sheet.getByLabel("Deposit").fill("25.50");
    await sheet.getByRole("button", { name: "Submit" }).click();
    await expect(toast(page, "Success")).toBeVisible();
    await expect(sheet).toHaveCount(0);

    await createThenDeleteLabel(page, label);
  });

  // The permission map (lib/access/permissions.ts): the API lets company admins book sheet entries and
  // delete labels, so the panel offers them both, and what it offers works.
  test("company admin: Add Sheet Entry and Delete Label are there, and the API takes them", async ({ page }) => {
    const name = await customerWrites(unique("Cora"));
    const label = unique("owned");
    await openInbox(page, ACCOUNTS.companyAdmin.email);
    await openConversation(page, name);

    await panel(page).getByRole("button", { name: "Add Sheet Entry" }).click();
    const sheet = page.getByRole("dialog", { name: "Add Sheet Entry" });
    await sheet.getByLabel("Deposit").fill("10");
    await sheet.getByLabel("Redeem").fill("4");
    await sheet.getByRole("button", { name: "Submit" }).click();
    await expect(toast(page, "Success")).toBeVisible();
    await expect(sheet).toHaveCount(0);

    await createThenDeleteLabel(page, label);
  });

  for (const size of [
    { name: "desktop", width: 1280, height: 800 },
    { name: "phone", width: 375, height: 812 },
  ]) {
    test.describe(`screens at ${size.width}px`, () => {
      test.use({ viewport: { width: size.width, height: size.height } });

      test("the notes panel, the labels modal and the saved replies popover", async ({ page }) => {
        const phone = size.width < 1280;
        const name = await customerWrites(unique("Pia"));
        await openInbox(page, ACCOUNTS.staff.email);
        await openConversation(page, name, { phone });

        const notes = panel(page).getByRole("region", { name: "Notes" });
        for (const text of ["Called about a late delivery; promised an update by Friday.", "Prefers to be contacted on WhatsApp in the evenings."]) {
          await notes.getByRole("button", { name: "Add note" }).click();
          await notes.getByRole("textbox", { name: "Note" }).fill(text);
          await notes.getByRole("button", { name: "Save", exact: true }).click();
          await expect(notes.getByText(text)).toBeVisible();
        }
        await notes.getByRole("button", { name: "Add note" }).click();
        await notes.getByRole("textbox", { name: "Note" }).fill("Draft note");
        await shot(page, `panels-notes-${size.name}`);
        await notes.getByRole("button", { name: "Cancel" }).click();

        await panel(page).getByRole("button", { name: "Manage labels" }).click();
        const modal = page.getByRole("dialog", { name: "Manage labels" });
        for (const [label, colour] of [[unique("vip"), "purple"], [unique("refund"), "red"]] as const) {
          await modal.getByRole("button", { name: /Label colour/ }).click();
          await modal.getByRole("group", { name: "Label colours" }).getByRole("button", { name: colour, exact: true }).click();
          await modal.getByPlaceholder("Name a label...").fill(label);
          await modal.getByRole("button", { name: "Add Label" }).click();
          await expect(modal.getByRole("list", { name: "Page labels" }).getByText(label)).toBeVisible();
        }
        await modal.getByRole("list", { name: "Page labels" }).getByRole("button", { name: "Assign Label" }).first().click();
        await expect(toast(page, "Label Assigned")).toBeVisible();
        await modal.getByRole("button", { name: /Label colour/ }).click();
        await shot(page, `panels-labels-modal-${size.name}`);
        await modal.getByRole("button", { name: "Done" }).click();
        await expect(modal).toBeHidden(); // the overlay has faded out before the shot
        await shot(page, `panels-right-panel-${size.name}`);

        if (phone) await page.getByRole("dialog", { name: "Labels and notes" }).getByRole("button", { name: "Close" }).click();
        await page.getByRole("button", { name: "Saved replies" }).click();
        const popover = page.getByRole("dialog", { name: "Saved replies" });
        for (const [shortcut, message] of [
          [unique("greet"), "Hi there! Thanks for reaching out to Acme Shoes. How can we help you today? We usually answer within a few minutes."],
          [unique("hours"), "Our store is open • Monday to Friday 9am–6pm, Saturday 10am–4pm."],
        ] as const) {
          await popover.getByRole("button", { name: "Add new" }).click();
          await popover.getByLabel("Shortcut").fill(shortcut);
          await popover.getByLabel("Message").fill(message);
          await popover.getByRole("button", { name: "Save", exact: true }).click();
          await expect(popover.getByRole("list", { name: "Saved replies" }).getByText(shortcut)).toBeVisible();
        }
        const box = await popover.boundingBox();
        expect(box!.width).toBeLessThanOrEqual(Math.min(500, size.width));
        await shot(page, `panels-saved-replies-${size.name}`);
        await popover.getByRole("button", { name: "Add new" }).click();
        await popover.getByLabel("Shortcut").fill("ab");
        await popover.getByLabel("Message").fill("Short message");
        await shot(page, `panels-saved-reply-form-${size.name}`);
      });
    });
  }
});
