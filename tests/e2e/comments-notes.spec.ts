import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { ACCOUNTS, signInAs } from "./support/auth";
import { simPost, unique } from "./support/sim";

// The team's layer on comments (issue 42 point 3, docs/PRODUCT.md §12), at 1440 and 375 px, on Acme Support's
// Comments view: Sara adds a private note on a customer's comment, labels the commenter (the label shows on
// both of their comments), and searches the Page's comments (clearing the search brings the view back). At
// 1440 px Tom watches the same view in a second browser: Sara's note count and her "typing…" under the comment
// reach him live. axe finds nothing serious on each state; screenshots in /tmp/comments-notes-*.png.

const SUPPORT = "100000000000003";
const TOM = "tom@acme.local";

const viewSwitch = (page: Page, name: "Conversations" | "Comments") => page.getByRole("group", { name: "Inbox view" }).getByRole("button", { name });
const commentBy = (scope: Page | Locator, name: string, text: string): Locator => scope.getByRole("listitem", { name: `Comment by ${name}`, exact: true }).filter({ hasText: text });

async function openComments(page: Page, email: string) {
  await signInAs(page, email);
  await expect(page).toHaveURL(/\/chats$/);
  await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible({ timeout: 15_000 });
  await page.getByRole("tab", { name: /Acme Support/ }).click();
  await expect(page.getByRole("tab", { name: /Acme Support/ })).toHaveAttribute("aria-selected", "true");
  await viewSwitch(page, "Comments").click();
  await expect(page.getByRole("heading", { name: "Comments", exact: true })).toBeVisible();
}

async function secondAgent(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await openComments(page, TOM);
  return { context, page };
}

async function expectNoSeriousAxeViolations(page: Page, state: string) {
  const { violations } = await new AxeBuilder({ page }).include('[aria-labelledby="comments-heading"]').setLegacyMode().options({ resultTypes: ["violations"] }).analyze();
  const blocking = violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `[${v.impact}] ${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
  for (const v of violations) console.log(`axe comments-notes ${state} @${page.viewportSize()?.width}: [${v.impact}] ${v.id}`);
  expect(blocking).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
  expect(widths.doc).toBeLessThanOrEqual(widths.screen);
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`notes on a comment, a label on its commenter, search in comments — ${viewport.width} px`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const wide = viewport.width >= 1024;
    await page.setViewportSize(viewport);

    // A customer of the Page comments twice under a new post; someone else once.
    const word = unique("Marigold").toLowerCase();
    const post = await simPost<{ id: string }>(`/sim/pages/${SUPPORT}/posts`, { message: `Spring opening hours ${unique("Post")}` });
    const firstName = unique("Lena");
    const { psid } = await simPost<{ psid: string }>("/sim/customers", { pageId: SUPPORT, firstName, lastName: "Label" });
    const name = `${firstName} Label`;
    await simPost(`/sim/pages/${SUPPORT}/comments`, { postId: post.id, psid, message: "Are you open on Easter Monday?" });
    await simPost(`/sim/pages/${SUPPORT}/comments`, { postId: post.id, psid, message: `And is the ${word} café open too?` });
    const other = `${unique("Otto")} Other`;
    await simPost(`/sim/pages/${SUPPORT}/comments`, { postId: post.id, name: other, message: "Thanks for the update" });

    await openComments(page, ACCOUNTS.staff.email);
    const tom = wide ? await secondAgent(browser) : null;
    const first = commentBy(page, name, "Easter Monday");
    const second = commentBy(page, name, word);
    await expect(first).toBeVisible({ timeout: 15_000 });
    await expect(second).toBeVisible();

    // A private note on the first comment: opened under it, written, listed with its author, counted.
    await first.getByRole("button", { name: "Notes", exact: true }).click();
    const notes = first.getByRole("region", { name: `Notes on ${name}'s comment` });
    await expect(notes).toContainText("No notes yet");
    await notes.getByRole("button", { name: "Add note" }).click();
    await notes.getByRole("textbox", { name: "Note" }).fill("Asked about Easter twice — call her back");
    await expect(notes).toContainText("40/1000");
    await notes.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Note added successfully")).toBeVisible();
    await expect(notes.getByRole("list", { name: "Notes" })).toContainText("Asked about Easter twice — call her back");
    await expect(notes.getByRole("list", { name: "Notes" })).toContainText("Sara Staff");
    await expect(first.getByRole("button", { name: "Notes 1" })).toBeVisible();
    if (tom) await expect(commentBy(tom.page, name, "Easter Monday").getByRole("button", { name: "Notes 1" })).toBeVisible({ timeout: 10_000 });
    await expectNoSeriousAxeViolations(page, "note");
    await first.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/comments-notes-${viewport.width}-note.png` });

    // A label on the commenter, from the Page's labels (created here): it shows on both of their comments.
    const label = unique("regular").toLowerCase();
    await second.getByRole("button", { name: "Label", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Manage labels" });
    await dialog.getByRole("textbox", { name: "Label name" }).fill(label);
    await dialog.getByRole("button", { name: "Add Label" }).click();
    await dialog.getByRole("listitem").filter({ hasText: label }).getByRole("button", { name: "Assign Label" }).click();
    await expect(page.getByText("Label Assigned")).toBeVisible();
    await dialog.getByRole("button", { name: "Done" }).click();
    for (const comment of [first, second]) await expect(comment.getByRole("list", { name: `${name}'s labels` })).toContainText(label);
    await expect(commentBy(page, other, "Thanks for the update").getByRole("list", { name: `${other}'s labels` })).toHaveCount(0);
    if (tom) await expect(commentBy(tom.page, name, "Easter Monday").getByRole("list", { name: `${name}'s labels` })).toContainText(label, { timeout: 10_000 });

    // Tom sees Sara typing an answer to the second comment, and not once she closed the form.
    if (tom) {
      await second.getByRole("button", { name: "Reply", exact: true }).click();
      await second.getByRole("textbox", { name: `Public reply to ${name}` }).fill("Yes, from 9 to 5");
      const typing = commentBy(tom.page, name, word).getByText("Sara Staff is typing…");
      await expect(typing).toBeVisible({ timeout: 10_000 });
      await second.getByRole("button", { name: "Cancel" }).click();
      await expect(typing).toHaveCount(0, { timeout: 10_000 });
      await tom.context.close();
    }

    // Search: the comment with the word, under its post; the others are not shown. Clearing brings the view back.
    await page.getByRole("searchbox", { name: "Search comments" }).fill(word.toUpperCase());
    await expect(page.getByRole("status").filter({ hasText: `1 comment matching "${word.toUpperCase()}"` })).toBeVisible({ timeout: 10_000 });
    await expect(second).toBeVisible();
    await expect(first).toHaveCount(0);
    await expect(second.getByRole("list", { name: `${name}'s labels` })).toContainText(label);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page, "search");
    await page.screenshot({ path: `/tmp/comments-notes-${viewport.width}-search.png` });
    await page.getByRole("button", { name: "Clear search" }).click();
    await expect(first).toBeVisible();
    await expect(commentBy(page, other, "Thanks for the update")).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search comments" })).toHaveValue("");
  });
}
