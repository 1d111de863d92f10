import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { PRIVATE_REPLY_SENT } from "@/lib/contract/comments-api";
import { ACCOUNTS, signInAs } from "./support/auth";
import { E2E } from "./support/env";
import { simPost, unique } from "./support/sim";

// The comments view of the inbox (issue 42, docs/PRODUCT.md §12), at 1440 and 375 px: with the view open, a
// person comments under the Page's post (the simulator sends Meta's feed webhook) and it arrives live; the agent
// answers in public (shown under it, as the Page), then privately (the message opens the person's Messenger
// conversation, shown in the Conversations view), and hides it. A second private reply is not offered (Meta's
// rule in words) and the API refuses it with the same words. axe finds nothing serious on the view, and
// nothing is wider than a phone. An Instagram @mention of the Page on someone's own photo arrives live and is
// answered in public, its only button. Screenshots in /tmp/comments-*.png.

const SIM = `http://127.0.0.1:${E2E.simulatorPort}`;
const APP = `http://localhost:${E2E.port}`;
const SHOES = "100000000000001";
const PAGE_NAME = "Acme Shoes";

type SimComment = { id: string; message: string; hidden: boolean; deleted: boolean; likedByPage: boolean; privateReply: unknown; pageReplyIds: string[] };
const simComments = async (postId: string): Promise<SimComment[]> => {
  const posts = (await (await fetch(`${SIM}/sim/pages/${SHOES}/posts`)).json()) as { id: string; comments: SimComment[] }[];
  return posts.find((p) => p.id === postId)?.comments ?? [];
};

const viewSwitch = (page: Page, name: "Conversations" | "Comments") => page.getByRole("group", { name: "Inbox view" }).getByRole("button", { name });
const postCard = (page: Page, text: string): Locator => page.getByRole("article").filter({ has: page.getByRole("heading", { name: text }) });
const commentBy = (scope: Locator, name: string): Locator => scope.getByRole("listitem", { name: `Comment by ${name}`, exact: true });

async function shot(page: Page, name: string) {
  await page.waitForTimeout(300); // the thumbnail and the last change settle
  await page.screenshot({ path: `/tmp/comments-${name}.png` });
}

/** Nothing sticks out sideways: the document and the comments' scroller are no wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => {
    const scroller = document.querySelector('[aria-labelledby="comments-heading"] > div');
    return { doc: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth, inner: scroller ? scroller.scrollWidth - scroller.clientWidth : 0 };
  });
  expect(widths.doc).toBeLessThanOrEqual(widths.screen);
  expect(widths.inner).toBeLessThanOrEqual(0);
}

async function expectNoSeriousAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('[aria-labelledby="comments-heading"]').setLegacyMode().options({ resultTypes: ["violations"] }).analyze();
  const blocking = violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `[${v.impact}] ${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
  for (const v of violations) console.log(`axe comments @${page.viewportSize()?.width}: [${v.impact}] ${v.id}`);
  expect(blocking).toEqual([]);
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`a comment arrives live, is answered in public and in private, and hidden; one private reply only — ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    const phone = viewport.width < 768;
    await page.setViewportSize(viewport);

    // The Page's post, with a comment from before the view was opened.
    const postText = `New in: the trail runner ${unique("Drop")}, in three colours`;
    const post = await simPost<{ id: string }>(`/sim/pages/${SHOES}/posts`, { message: postText, picture: true });
    const earlier = `${unique("Olga")} Early`;
    const { comment: earlierSim } = await simPost<{ comment: { id: string } }>(`/sim/pages/${SHOES}/comments`, { postId: post.id, name: earlier, message: "Do these come in wide fit?" });

    await signInAs(page, ACCOUNTS.staff.email);
    await expect(page).toHaveURL(/\/chats$/);
    await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible({ timeout: 15_000 });
    await expect(viewSwitch(page, "Conversations")).toHaveAttribute("aria-pressed", "true");
    await shot(page, `${viewport.width}-switch`);

    // The switch is a pair of buttons, reachable and pressed from the keyboard.
    await viewSwitch(page, "Comments").focus();
    await page.keyboard.press("Enter");
    await expect(viewSwitch(page, "Comments")).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("heading", { name: "Comments", exact: true })).toBeVisible();
    const card = postCard(page, postText);
    await expect(commentBy(card, earlier)).toContainText("Do these come in wide fit?", { timeout: 15_000 });
    await expect(card.getByRole("link", { name: "View on Facebook" })).toHaveAttribute("href", /^https?:\/\//);

    // Written while the view is open: it arrives live, under the post.
    const name = `${unique("Nora")} Comment`;
    await simPost(`/sim/pages/${SHOES}/comments`, { postId: post.id, name, message: "Is the green one back in size 41?" });
    const comment = commentBy(card, name);
    await expect(comment).toContainText("Is the green one back in size 41?", { timeout: 15_000 });
    const commentId = (await comment.getAttribute("data-comment-id"))!;
    const [simComment] = (await simComments(post.id)).filter((c) => c.message === "Is the green one back in size 41?");

    // A public reply: written under it, shown under it as the Page, and on Facebook.
    await comment.getByRole("button", { name: "Reply", exact: true }).click();
    await comment.getByRole("textbox", { name: `Public reply to ${name}` }).fill("Yes! Size 41 is back since Monday.");
    await comment.getByRole("button", { name: "Send reply" }).click();
    const answer = comment.getByRole("list", { name: `Replies to ${name}` }).getByRole("listitem", { name: `Reply by ${PAGE_NAME}` });
    await expect(answer).toContainText("Yes! Size 41 is back since Monday.");
    await expect(answer).toContainText("Page");
    await expect.poll(async () => (await simComments(post.id)).find((c) => c.id === simComment!.id)?.pageReplyIds.length).toBe(1);

    // A private reply: Meta's rule is said before it is written; once sent, the button is off with the rule in words.
    const privately = comment.getByRole("button", { name: "Reply privately" }).first();
    await expect(privately).toHaveAttribute("title", "Meta allows one private reply per comment, within 7 days");
    await privately.click();
    await expect(comment.getByText(/Meta allows one private reply per comment, within 7 days\. It goes to .+'s Messenger/)).toBeVisible();
    await shot(page, `${viewport.width}-private-form`);
    await comment.getByRole("textbox", { name: `Private reply to ${name}` }).fill("Hi! I put a pair of green 41s aside for you.");
    await comment.getByRole("button", { name: "Send privately" }).click();
    await expect(comment.getByText("Private reply sent.")).toBeVisible();
    await expect(privately).toBeDisabled();
    await expect(privately).toHaveAttribute("title", PRIVATE_REPLY_SENT);
    await expect(privately).toHaveAccessibleDescription(/Private reply sent\. Meta allows only one per comment\./);
    await expect.poll(async () => Boolean((await simComments(post.id)).find((c) => c.id === simComment!.id)?.privateReply)).toBe(true);

    // The API refuses a second one before Meta is asked, with the same rule.
    const token = await page.evaluate(() => window.localStorage.getItem("token"));
    const again = await fetch(`${APP}/api/comments/${commentId}/private-reply`, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: JSON.stringify({ text: "And another" }) });
    expect(again.status).toBe(422);
    expect(((await again.json()) as { message: string }).message).toBe(PRIVATE_REPLY_SENT);

    // Hidden: marked on the comment, and on Facebook.
    await comment.getByRole("button", { name: "Hide", exact: true }).first().click();
    await expect(comment.getByText("Hidden", { exact: true }).first()).toBeVisible();
    await expect(comment.getByRole("button", { name: "Unhide" }).first()).toBeVisible();
    await expect.poll(async () => (await simComments(post.id)).find((c) => c.id === simComment!.id)?.hidden).toBe(true);

    // Liked by the Page, on Facebook too.
    await comment.getByRole("button", { name: "Like", exact: true }).first().click();
    await expect(comment.getByRole("button", { name: "Unlike" }).first()).toBeVisible();
    await expect.poll(async () => (await simComments(post.id)).find((c) => c.id === simComment!.id)?.likedByPage).toBe(true);

    // The earlier comment is edited on Facebook (live, marked), then deleted here after a confirmation.
    const edit = await fetch(`${SIM}/sim/comments/${earlierSim.id}`, { method: "PATCH", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ message: "Do these come in wide fit? Size 44." }) });
    expect(edit.status).toBe(200);
    const first = commentBy(card, earlier);
    await expect(first).toContainText("Size 44.");
    await expect(first).toContainText("Edited");
    await first.getByRole("button", { name: "Delete" }).first().click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Confirmation" });
    await expect(confirm).toContainText(`Are you sure you want to delete ${earlier}'s comment?`);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(first).toContainText("Removed on Facebook");
    await expect(first.getByRole("button")).toHaveCount(0);
    await expect.poll(async () => (await simComments(post.id)).find((c) => c.id === earlierSim.id)?.deleted).toBe(true);

    // A post the view has not seen comes in at the top with its first comment.
    const newText = `Just landed: ${unique("Sandal")} for the summer`;
    const fresh = await simPost<{ id: string }>(`/sim/pages/${SHOES}/posts`, { message: newText });
    await simPost(`/sim/pages/${SHOES}/comments`, { postId: fresh.id, name: `${unique("Pia")} Fresh`, message: "Price?" });
    await expect(page.getByRole("article").first().getByRole("heading")).toHaveText(newText, { timeout: 15_000 });
    await expect(page.getByRole("article").first()).toContainText("Price?");

    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
    await comment.scrollIntoViewIfNeeded();
    await shot(page, `${viewport.width}`);

    // Someone @mentions the Page's Instagram account in a comment on their own photo (Meta's `mentions`
    // webhook, ids only): it arrives live, named once Graph is read, marked, with a public reply only.
    const fan = unique("fan.").toLowerCase();
    const mentioned = await simPost<{ media: { id: string }; comment: { id: string } }>(`/sim/pages/${SHOES}/mentions`, { in: "comment", username: fan, message: "@acme.shoes my new trail runners!" });
    const mention = page.getByRole("listitem", { name: `Comment by @${fan}`, exact: true });
    await expect(mention).toContainText("@acme.shoes my new trail runners!", { timeout: 15_000 });
    await expect(mention).toContainText("Mentioned you");
    await expect(page.getByRole("article").filter({ has: mention }).getByRole("link", { name: "View on Instagram" })).toHaveAttribute("href", /^https:\/\/www\.instagram\.com\//);
    for (const absent of ["Reply privately", "Like", "Hide", "Delete"]) await expect(mention.getByRole("button", { name: absent, exact: true })).toHaveCount(0);
    await mention.getByRole("button", { name: "Reply", exact: true }).click();
    await mention.getByRole("textbox", { name: `Public reply to @${fan}` }).fill("Thank you! Enjoy the trails.");
    await mention.getByRole("button", { name: "Send reply" }).click();
    await expect(mention.getByRole("list", { name: `Replies to @${fan}` }).getByRole("listitem", { name: `Reply by ${PAGE_NAME}` })).toContainText("Thank you! Enjoy the trails.");
    await expect.poll(async () => (await simComments(mentioned.media.id)).find((c) => c.id === mentioned.comment.id)?.pageReplyIds.length).toBe(1);
    // In a caption of theirs: the row stands for the caption, marked so.
    const poster = unique("poster.").toLowerCase();
    await simPost(`/sim/pages/${SHOES}/mentions`, { in: "caption", username: poster, message: "Sunday run in my @acme.shoes" });
    const caption = page.getByRole("listitem", { name: `Comment by @${poster}`, exact: true });
    await expect(caption).toContainText("Mentioned you in a caption", { timeout: 15_000 });
    await expect(caption).toContainText("Sunday run in my @acme.shoes");
    await expectNoSidewaysScroll(page);
    await mention.scrollIntoViewIfNeeded();
    await shot(page, `${viewport.width}-mention`);

    // The private reply opened the person's conversation: it is in the Conversations view with that message.
    await comment.getByRole("button", { name: "Open the conversation" }).click();
    await expect(page.getByTestId("message-scroller")).toContainText("Hi! I put a pair of green 41s aside for you.");
    // A phone shows the thread full-screen; the list and the switch are one Back away.
    if (phone) await page.getByRole("button", { name: "Back to conversations" }).click();
    await expect(viewSwitch(page, "Conversations")).toHaveAttribute("aria-pressed", "true");
    const row = page.getByRole("list", { name: "Conversations" }).getByRole("listitem").filter({ hasText: name });
    await expect(row).toContainText("green 41s");
    if (phone) await row.getByRole("button").first().click();
    await shot(page, `${viewport.width}-conversation`);
  });
}
