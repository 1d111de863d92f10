import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import type { CommentsPage } from "@/lib/contract/comments-api";
import { ACCOUNTS, signInAs } from "./support/auth";
import { E2E } from "./support/env";
import { simPost, unique } from "./support/sim";

// The team's work on comments (issue 42 point 3, docs/PRODUCT.md §12), at 1440 and 375 px: a person comments
// under the Page's post (the simulator sends Meta's feed webhook) while the agent is in the Conversations view;
// the Comments switch shows 1 unread and the Page tab one more, live; opening the Comments view reads it and the
// counts go, in the agent's browser and live in another agent's (an admin of the Page, in the Conversations view); the agent
// assigns it to themself (it shows under Mine), marks it done (it leaves Mine and Open, and shows under Done,
// with Reopen). axe finds nothing serious or critical on the view. Screenshots in /tmp/comments-work-*.png.

const APP = `http://localhost:${E2E.port}`;
const SHOES = "100000000000001";

const viewSwitch = (page: Page, name: "Conversations" | "Comments") => page.getByRole("group", { name: "Inbox view" }).getByRole("button", { name });
const filter = (page: Page, name: string) => page.getByRole("group", { name: "Filter comments" }).getByRole("button", { name, exact: true });
const commentBy = (scope: Page | Locator, name: string): Locator => scope.getByRole("listitem", { name: `Comment by ${name}`, exact: true });
/** The Page tab's red unread count (conversations and comments), 0 when it shows none. */
async function tabUnread(page: Page): Promise<number> {
  const badge = page.getByRole("tab", { name: /Acme Shoes/ }).locator(".bg-red-600");
  return (await badge.count()) ? Number((await badge.innerText()).replace(/\D/g, "")) : 0;
}

async function api<T>(token: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${APP}${path}`, { method: init.method ?? "GET", headers: { Authorization: `Bearer ${token}`, ...(init.body ? { "Content-Type": "application/json" } : {}) }, body: init.body ? JSON.stringify(init.body) : undefined });
  expect(res.status, `${path}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** Earlier specs' comments on the shared database are read first, so the count starts at 0. */
async function readEveryComment(token: string, pageId: string) {
  let cursor: string | null = null;
  do {
    const query: string = `pageId=${pageId}&view=open${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const chunk: CommentsPage = await api<CommentsPage>(token, `/api/comments?${query}`);
    const ids = chunk.posts.flatMap((p) => p.comments.filter((c) => !c.fromPage && !c.seen).map((c) => c.id));
    for (let i = 0; i < ids.length; i += 200) await api(token, "/api/comments/mark-read", { method: "POST", body: { pageId, commentIds: ids.slice(i, i + 200) } });
    cursor = chunk.nextCursor;
  } while (cursor);
}

async function expectNoSeriousAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('[aria-labelledby="comments-heading"]').setLegacyMode().options({ resultTypes: ["violations"] }).analyze();
  const blocking = violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `[${v.impact}] ${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
  expect(blocking).toEqual([]);
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`a comment is unread until the view shows it, then assigned, under Mine, done and under Done — ${viewport.width} px`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signInAs(page, ACCOUNTS.staff.email);
    await expect(page).toHaveURL(/\/chats$/);
    const token = (await page.evaluate(() => window.localStorage.getItem("token")))!;
    const pageId = (await api<{ pages: { id: string; page_id: string }[] }>(token, "/api/pages/me")).pages.find((p) => p.page_id === SHOES)!.id;
    await readEveryComment(token, pageId);
    await page.reload();
    await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible({ timeout: 15_000 });
    await expect(viewSwitch(page, "Conversations")).toHaveAttribute("aria-pressed", "true");
    const unread = page.getByTestId("comments-unread");
    await expect(unread).toHaveCount(0);
    const tabBefore = await tabUnread(page);
    // Another agent of the Page, in the Conversations view of their own browser.
    const other = await browser.newContext({ viewport });
    const admin = await other.newPage();
    await signInAs(admin, ACCOUNTS.admin.email, { from: "/chats" });
    await expect(admin.getByRole("status").filter({ hasText: "Live" })).toBeVisible({ timeout: 15_000 });
    const adminUnread = admin.getByTestId("comments-unread");
    await expect(adminUnread).toHaveCount(0);

    // A comment arrives while the agent is in the Conversations view: the switch counts it, live.
    const postText = `Restocked: the ${unique("Ridge")} hiking boot`;
    const post = await simPost<{ id: string }>(`/sim/pages/${SHOES}/posts`, { message: postText });
    const name = `${unique("Wendy")} Work`;
    await simPost(`/sim/pages/${SHOES}/comments`, { postId: post.id, name, message: "Do you have these in 39?" });
    await expect(unread).toHaveText(", unread: 1", { timeout: 15_000 });
    await expect.poll(() => tabUnread(page)).toBe(tabBefore + 1);
    await expect(adminUnread).toHaveText(", unread: 1", { timeout: 15_000 });

    // Opening the view shows it (Open is the default filter) and reads it: the count goes.
    await viewSwitch(page, "Comments").click();
    await expect(filter(page, "Open")).toHaveAttribute("aria-pressed", "true");
    const comment = commentBy(page, name);
    await expect(comment).toContainText("Do you have these in 39?", { timeout: 15_000 });
    await expect(comment.getByRole("button", { name: "Unassigned" })).toBeVisible();
    await expect(unread).toHaveCount(0);
    await expect.poll(() => tabUnread(page)).toBe(tabBefore);
    // The other agent's count goes too, live.
    await expect(adminUnread).toHaveCount(0, { timeout: 15_000 });
    await other.close();
    await expect.poll(async () => (await api<{ pages: { id: string; commentUnreadCount: number }[] }>(token, "/api/pages/me")).pages.find((p) => p.id === pageId)?.commentUnreadCount).toBe(0);

    // Assigned to the agent: it shows under Mine.
    await comment.getByRole("button", { name: "Assign to me" }).click();
    await expect(comment.getByRole("button", { name: "Assigned to Sara Staff" })).toBeVisible();
    await filter(page, "Mine").click();
    await expect(filter(page, "Mine")).toHaveAttribute("aria-pressed", "true");
    await expect(comment).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: `/tmp/comments-work-${viewport.width}-mine.png` });

    // Done: it leaves Mine and Open, and shows under Done with Reopen.
    await comment.getByRole("button", { name: "Mark as done" }).click();
    await expect(comment).toHaveCount(0);
    await filter(page, "Open").click();
    await expect(comment).toHaveCount(0);
    await filter(page, "Done").click();
    await expect(comment).toContainText("Do you have these in 39?", { timeout: 15_000 });
    await expect(comment.getByRole("button", { name: "Reopen" })).toBeVisible();
    await expect(comment.getByRole("button", { name: "Mark as done" })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
    await comment.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/comments-work-${viewport.width}-done.png` });
  });
}
