import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as assignRoute from "@/app/api/comments/[id]/assign/route";
import * as statusRoute from "@/app/api/comments/[id]/status/route";
import * as markReadRoute from "@/app/api/comments/mark-read/route";
import * as listRoute from "@/app/api/comments/route";
import * as pagesMeRoute from "@/app/api/pages/me/route";
import { wakeSnoozedComments } from "@/workers/comments/wake-snoozed-comments";
import { call } from "./support/http";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { captureStatements, explainAll, forgetStatistics, plannable, type Explained } from "./support/plan-probe";
import { freshTables } from "./support/empty-tables";

// The team's work on comments (docs/PRODUCT.md §12) on a database never ANALYZEd, as
// plans-without-statistics.test.ts does for the conversations: a Page with COMMENTS comments over POSTS posts,
// nearly all done and seen long ago (its history), a few open; then the tabs' unread counts, the Open, Mine and
// Unassigned views, mark-read, assign, status and the snooze sweep run, and every statement they sent is run
// again under EXPLAIN ANALYZE. Each must read the Page's open comments at most, never its history: the counts
// through the partial index comments_open_work_idx, the sweep through comments_snoozed_idx.

const COMMENTS = 20_000;
const POSTS = 1_000;
/** One comment in this many is open (the rest done and seen); a fifth of those unread. */
const OPEN_EVERY = 20;
const READ_LIMIT = COMMENTS / 10;

let probe: pg.Client;
beforeAll(async () => {
  probe = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await probe.connect();
});
afterAll(async () => {
  await probe?.end();
});

async function bigPage() {
  const company = await makeCompany("Acme");
  const staff = await makeUser("staff", company.id, { name: "Ann Agent" });
  const page = await makePage(company.id, [staff.id], "Shoes");
  await probe.query(
    `INSERT INTO posts (id, page_id, channel, external_id, text, last_comment_at)
     SELECT gen_random_uuid(), $1, 'messenger', $2 || '_' || n, 'Post ' || n, now() - n * interval '1 hour' FROM generate_series(1, $3) AS n`,
    [page.id, page.facebookPageId, POSTS],
  );
  await probe.query(
    `INSERT INTO comments (id, page_id, post_id, channel, external_id, author_id, author_name, from_page, text, created_time, status, seen_at)
     SELECT gen_random_uuid(), p.page_id, p.id, 'messenger', 'c_' || n, (5550000 + n)::text, 'Person ' || n, false, 'Question ' || n,
            p.last_comment_at - (n % 20) * interval '1 minute',
            (CASE WHEN n % ${OPEN_EVERY} = 0 THEN 'open' ELSE 'done' END)::"ConversationStatus",
            CASE WHEN n % ${OPEN_EVERY * 5} = 0 THEN NULL ELSE now() - interval '30 days' END
       FROM generate_series(1, $2) AS n
       JOIN LATERAL (SELECT id, page_id, last_comment_at FROM posts WHERE page_id = $1 AND external_id = $3 || '_' || (1 + n % $4)) p ON true`,
    [page.id, COMMENTS, page.facebookPageId, POSTS],
  );
  return { page, staff, token: await tokenFor(staff) };
}

// Plans are read here: each test starts from tables as a fresh database has them (./support/empty-tables.ts).
beforeEach(freshTables);

describe("the comments' work on a database never ANALYZEd", () => {
  it("counts, views, mark-read, assign, status and the snooze sweep read the Page's open comments, not its history", { timeout: 120_000 }, async () => {
    const { page, staff, token } = await bigPage();
    const { rows: open } = await probe.query<{ id: string }>("SELECT id FROM comments WHERE page_id = $1 AND status = 'open' ORDER BY created_time DESC LIMIT 3", [page.id]);
    const [first, second, third] = open.map((r) => r.id);
    await probe.query("UPDATE comments SET status = 'snoozed', snoozed_until = now() - interval '1 minute' WHERE id = $1", [third]);
    const { rows: unread } = await probe.query<{ n: number }>("SELECT count(*)::int AS n FROM comments WHERE page_id = $1 AND status = 'open' AND seen_at IS NULL", [page.id]);
    expect(unread[0]!.n).toBeGreaterThan(100);
    await forgetStatistics(probe);

    const captured = await captureStatements(async () => {
      const me = await call(pagesMeRoute.GET, "GET", "/api/pages/me", { token });
      expect(me.body.pages[0].commentUnreadCount).toBe(unread[0]!.n);
      for (const view of ["open", "mine", "unassigned", "snoozed"]) expect((await call(listRoute.GET, "GET", "/api/comments", { token, query: { pageId: page.id, view } })).status).toBe(200);
      expect((await call(markReadRoute.POST, "POST", "/api/comments/mark-read", { token, body: { pageId: page.id, commentIds: [first, second] } })).status).toBe(200);
      expect((await call(assignRoute.POST, "POST", `/api/comments/${first}/assign`, { token, params: { id: first! }, body: { assigneeId: staff.id } })).status).toBe(200);
      expect((await call(statusRoute.POST, "POST", `/api/comments/${second}/status`, { token, params: { id: second! }, body: { status: "done" } })).status).toBe(200);
      expect(await wakeSnoozedComments()).toBe(1);
    }, probe);

    const statements = plannable(captured);
    // Ours are among them: the count, mark-read, the views' posts, the sweep.
    const ours = ["AS unread", "SET seen_at", "SELECT DISTINCT c.post_id", "snoozed_until"];
    expect(ours.filter((marker) => !statements.some((s) => s.text.includes(marker)))).toEqual([]);
    expectEachToReadItsOwnRows(await explainAll(probe, statements));
  });
});

function expectEachToReadItsOwnRows(explained: Explained[]) {
  if (process.env.PLAN_DEBUG) for (const e of explained) if (e.statement.text.includes(process.env.PLAN_DEBUG)) console.log(e.plan, "cost" in e ? e.cost.outline.join("\n") : e.error);
  const costly = explained.filter((e): e is Extract<Explained, { cost: unknown }> => "cost" in e && (Math.max(0, ...Object.values(e.cost.rowsByTable)) > READ_LIMIT || e.cost.joinFilterRemoved > READ_LIMIT));
  const report = costly.map((e) => `${e.plan} plan of:\n${e.statement.text.trim().slice(0, 600)}\nread ${JSON.stringify(e.cost.rowsByTable)}, join filter removed ${e.cost.joinFilterRemoved}\n${e.cost.outline.join("\n")}`);
  expect(report, report.join("\n\n")).toEqual([]);
  const failed = explained.filter((e) => "error" in e).map((e) => `${e.plan}: ${"error" in e ? e.error : ""} — ${e.statement.text.slice(0, 200)}`);
  expect(failed, failed.join("\n")).toEqual([]);
}
