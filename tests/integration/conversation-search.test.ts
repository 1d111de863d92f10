import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import * as listRoute from "@/app/api/conversations/[pageId]/route";
import { decodeCursor, encodeCursor } from "@/server/services/conversations/cursor";
import { knownToMatchMany, SEARCH_LIMITS, searchConversationIds } from "@/server/services/conversations/search-conversations";
import { call } from "./support/http";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";

// Conversation search (GET /api/conversations/{pageId}?search=…): the customer's name, the list preview and
// every message text of the conversation, case-insensitive, as a literal substring (`%`, `_` and `\` mean
// themselves), combined with the other filters, newest first (last_message_at desc, id desc), paged by
// offset (`page`) and by keyset (`cursor`). Every answer is checked against an oracle computed here in
// JavaScript from the rows the test wrote, so the search may be implemented any way that gives these rows.

type Row = { id: string; at: Date; name: string; preview: string | null; texts: (string | null)[]; important: boolean; spam: boolean; tags: string[] };
type Query = { search: string; isImportant?: boolean; isSpam?: boolean; tags?: string[] };
type Item = { id: string; from_name: string; last_message: string; updated_time: string };
type Answer = { data: Item[]; pagination: { currentPage: number; hasNextPage: boolean; nextCursor: string | null } };

const BASE = Date.UTC(2026, 5, 1, 12, 0, 0);

/** Writes the rows in three statements per table (the sizes below would take minutes one by one). */
async function insertRows(pageId: string, rows: Row[]) {
  const customers = rows.map((r, i) => ({ id: randomUUID(), pageId, psid: `${pageId.slice(0, 8)}-${i}`, name: r.name }));
  await db.customer.createMany({ data: customers });
  await db.conversation.createMany({
    data: rows.map((r, i) => ({ id: r.id, pageId, customerId: customers[i]!.id, lastMessageText: r.preview, lastMessageAt: r.at, isImportant: r.important, isSpam: r.spam })),
  });
  await db.message.createMany({
    data: rows.flatMap((r, i) =>
      r.texts.map((text, j) => ({
        conversationId: r.id,
        direction: "inbound" as const,
        senderId: customers[i]!.psid,
        text,
        isImage: text === null,
        sendStatus: "received" as const,
        // the oldest first, the newest one minute before the conversation's last_message_at
        createdTime: new Date(r.at.getTime() - (r.texts.length - j) * 60_000),
      })),
    ),
  });
  await db.customerTag.createMany({
    data: rows.flatMap((r, i) => r.tags.map((name) => ({ pageId, customerId: customers[i]!.id, conversationId: r.id, name }))),
  });
}

const row = (at: number, name: string, options: Partial<Omit<Row, "at" | "name">> = {}): Row => ({
  id: randomUUID(), at: new Date(at), name, preview: "hello", texts: [], important: false, spam: false, tags: [], ...options,
});

/** What the API must answer: ILIKE '%term%' read literally, the filters, the order, then the page. */
function expected(rows: Row[], q: Query, paging: { page?: number; cursor?: { at: Date; id: string }; limit: number }) {
  const term = q.search.toLowerCase();
  const hit = (s: string | null) => s !== null && s.toLowerCase().includes(term);
  const tags = (q.tags ?? []).map((t) => t.toLowerCase());
  const all = rows
    .filter((r) => r.spam === Boolean(q.isSpam) && (!q.isImportant || r.important) && (!tags.length || r.tags.some((t) => tags.includes(t))))
    .filter((r) => hit(r.name) || hit(r.preview) || r.texts.some(hit))
    .sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const c = paging.cursor;
  const after = c ? all.filter((r) => r.at.getTime() < c.at.getTime() || (r.at.getTime() === c.at.getTime() && r.id < c.id)) : all;
  const start = c ? 0 : ((paging.page ?? 1) - 1) * paging.limit;
  const window = after.slice(start, start + paging.limit + 1);
  const data = window.slice(0, paging.limit);
  const last = data.at(-1);
  const hasNextPage = window.length > paging.limit;
  return { ids: data.map((r) => r.id), hasNextPage, nextCursor: hasNextPage && last ? encodeCursor(last.at, last.id) : null, total: all.length };
}

let token: string;
let pageId: string;
let otherPageId: string;

async function world() {
  const acme = await makeCompany("Acme");
  const globex = await makeCompany("Globex");
  const staff = await makeUser("staff", acme.id);
  const shoes = await makePage(acme.id, [staff.id], "Shoes");
  const outlet = await makePage(acme.id, [], "Outlet"); // same company, not assigned to the staff member
  const globexPage = await makePage(globex.id, [], "Globex");
  token = await tokenFor(staff);
  pageId = shoes.id;
  otherPageId = outlet.id;
  // Pages the actor cannot see hold matches for every term used below: none may ever show up.
  for (const other of [outlet.id, globexPage.id]) {
    await insertRows(other, [
      row(BASE + 3_600_000, "Maria Lima", { preview: "50% off_today zebracorn", texts: ["warranty zebracorn a\\b parcelbox"] }),
      row(BASE - 3_600_000, "Pereira Lima", { preview: "order", texts: ["order refund"], important: true, tags: ["vip"] }),
    ]);
  }
}

async function search(query: Record<string, string>, id = pageId): Promise<{ status: number; body: Answer }> {
  return call(listRoute.GET, "GET", `/api/conversations/${id}`, { token, params: { pageId: id }, query });
}

/**
 * Every term × filter pair, QUERIES_AT_ONCE pairs in flight: one search's SQL runs while another's rows are
 * shaped and checked against the oracle, so the database and the test process work side by side instead
 * of in turn (the two oracle tests were most of this file's minute). Each pair is checked as before; the
 * answers do not depend on the order (the probe's memory of common terms changes the path, not the rows).
 */
const QUERIES_AT_ONCE = 4;
async function eachQuery(terms: string[], filters: Omit<Query, "search">[], check: (term: string, filter: Omit<Query, "search">) => Promise<void>) {
  const pairs = terms.flatMap((term) => filters.map((filter) => [term, filter] as const));
  let next = 0;
  const lane = async () => {
    while (next < pairs.length) {
      const [term, filter] = pairs[next++]!;
      await check(term, filter);
    }
  };
  await Promise.all(Array.from({ length: QUERIES_AT_ONCE }, lane));
}

const toParams = (q: Query, extra: Record<string, string>) => ({
  search: q.search,
  ...(q.isImportant ? { isImportant: "true" } : {}),
  ...(q.isSpam ? { isSpam: "true" } : {}),
  ...(q.tags ? { tags: JSON.stringify(q.tags) } : {}),
  ...extra,
});

describe("search: the cases one by one", () => {
  let rows: Row[];
  beforeEach(async () => {
    await world();
    const t = (minutesAgo: number) => BASE - minutesAgo * 60_000;
    rows = [
      row(t(1), "Maria Lima", { texts: ["hi"] }), // name
      row(t(2), "Bob Stone", { preview: "Beans from LIMA, please", texts: ["beans?"] }), // preview only (no such message)
      row(t(3), "Carl Moss", { preview: "ok", texts: ["Do you ship lima beans?", "thanks", "ok"] }), // only an old message
      row(t(4), "Dora Finch", { preview: "no match here", texts: ["nothing", null] }), // no match (and an image)
      row(t(5), "Eve Lima", { spam: true, texts: ["spam"] }), // name, but in the spam folder
      row(t(6), "Fay Limal", { important: true, tags: ["vip"], texts: ["x"] }), // name, important, tagged
      row(t(7), "Gus Kent", { preview: "50% off_today", texts: ["50% off_today", "a\\b"] }), // % _ \ literally
      row(t(8), "Hal Park", { preview: "500 offXtoday", texts: ["50 percent", "ab", "a\\\\b"] }), // what wildcards would match
      row(t(9), "Ida Lima", { important: true, spam: true, tags: ["refund"], texts: ["y"] }),
    ];
    await insertRows(pageId, rows);
  });

  const names = async (query: Record<string, string>) => (await search(query)).body.data.map((c) => c.from_name);

  it("finds by name, by preview and by a message that is neither the newest nor the preview, newest first", async () => {
    expect(await names({ search: "lima" })).toEqual(["Maria Lima", "Bob Stone", "Carl Moss", "Fay Limal"]);
    expect(await names({ search: "LIMA BEANS" })).toEqual(["Carl Moss"]);
    expect(await names({ search: "beans from" })).toEqual(["Bob Stone"]);
    expect(await names({ search: "  moss " })).toEqual(["Carl Moss"]); // trimmed
  });

  it("answers an empty page when nothing matches", async () => {
    const res = await search({ search: "qwxyzzy" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [], pagination: { currentPage: 1, hasNextPage: false, nextCursor: null } });
  });

  it("reads %, _ and \\ in the term literally", async () => {
    expect(await names({ search: "50%" })).toEqual(["Gus Kent"]);
    expect(await names({ search: "%" })).toEqual(["Gus Kent"]);
    expect(await names({ search: "f_t" })).toEqual(["Gus Kent"]);
    expect(await names({ search: "_" })).toEqual(["Gus Kent"]);
    expect(await names({ search: "a\\b" })).toEqual(["Gus Kent"]);
    expect(await names({ search: "a\\\\b" })).toEqual(["Hal Park"]);
    expect(await names({ search: "\\" })).toEqual(["Gus Kent", "Hal Park"]);
  });

  it("combines with important, spam and tags", async () => {
    expect(await names({ search: "lima", isImportant: "true" })).toEqual(["Fay Limal"]);
    expect(await names({ search: "lima", isSpam: "true" })).toEqual(["Eve Lima", "Ida Lima"]);
    expect(await names({ search: "lima", isSpam: "true", isImportant: "true" })).toEqual(["Ida Lima"]);
    expect(await names({ search: "lima", tags: JSON.stringify(["VIP"]) })).toEqual(["Fay Limal"]);
    expect(await names({ search: "lima", isSpam: "true", tags: JSON.stringify(["vip", "refund"]) })).toEqual(["Ida Lima"]);
    expect(await names({ search: "beans", tags: JSON.stringify(["vip"]) })).toEqual([]);
  });

  it("pages by offset and by cursor alike", async () => {
    const first = await search({ search: "lima", limit: "2" });
    expect(first.body.data.map((c) => c.from_name)).toEqual(["Maria Lima", "Bob Stone"]);
    expect(first.body.pagination).toEqual({ currentPage: 1, hasNextPage: true, nextCursor: encodeCursor(rows[1]!.at, rows[1]!.id) });
    const second = await search({ search: "lima", limit: "2", page: "2" });
    expect(second.body.data.map((c) => c.from_name)).toEqual(["Carl Moss", "Fay Limal"]);
    expect(second.body.pagination).toMatchObject({ currentPage: 2, hasNextPage: false, nextCursor: null });
    const viaCursor = await search({ search: "lima", limit: "2", cursor: first.body.pagination.nextCursor! });
    expect(viaCursor.body).toEqual({ ...second.body, pagination: { ...second.body.pagination, currentPage: 1 } });
    expect((await search({ search: "lima", limit: "2", page: "3" })).body.data).toEqual([]);
  });

  it("returns the list items in the usual shape", async () => {
    const [item] = (await search({ search: "carl" })).body.data;
    expect(item).toMatchObject({ id: rows[2]!.id, conversationId: rows[2]!.id, from_name: "Carl Moss", last_message: "ok", page_id: pageId, page_name: "Shoes", tags: [] });
    const [fay] = (await search({ search: "fay" })).body.data;
    expect(fay).toMatchObject({ is_important: true, tags: [{ tag: "vip", color: "blue" }] });
  });

  it("stays scoped to the visible page", async () => {
    expect((await search({ search: "lima" }, otherPageId)).status).toBe(404);
    expect((await names({ search: "zebracorn" }))).toEqual([]);
    expect((await names({ search: "pereira" }))).toEqual([]);
  });
});

// A bigger page, shaped so that every way of answering a search gets exercised: the newest conversations
// match only the common words, so rarer terms are found only far down the list; one surname is on most
// customers (dense), one on a few percent (medium), one on a handful (sparse); one word sits in a single
// old message; ties in last_message_at are resolved by id. The oracle runs once with the service's own
// limits (on 1 300 rows most terms are "rare") and once with limits this small page overflows, so that
// every strategy of search-conversations.ts answers some of the requests (asserted below).
const SMALL_LIMITS = { names: 30, previews: 5, messages: 10, tagged: 150, stretch: 16, secondStretch: 16, denseHits: 4, walk: 100 };
const DEFAULT_LIMITS = { ...SEARCH_LIMITS };

describe.each([
  ["the service's limits", DEFAULT_LIMITS],
  ["limits this page overflows", SMALL_LIMITS],
])("search against the oracle, every filter and both paging modes, with %s", (_, limits) => {
  const FRESH = 400; // newest conversations: common words only
  const MIXED = 900; // then a mix of every case
  const WORDS = "order size price refund shoes boots warranty delivery colour thanks".split(" ");
  let rows: Row[];

  beforeEach(async () => {
    Object.assign(SEARCH_LIMITS, limits);
    await world();
    let seed = 42;
    const rand = () => ((seed = (Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32);
    const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    const text = (words: readonly string[]) => Array.from({ length: 2 + Math.floor(rand() * 4) }, () => pick(words)).join(" ");
    rows = [];
    let at = BASE;
    for (let i = 0; i < FRESH + MIXED; i++) {
      if (i % 10 !== 3) at -= 60_000; // every tenth shares its predecessor's last_message_at
      const fresh = i < FRESH;
      const surname = fresh ? "Stone" : i === 1111 ? "Zebracorn" : i % 17 === 0 ? "Lima" : i % 5 < 3 ? "Pereira" : "Moss";
      const texts = Array.from({ length: i % 5 }, () => (rand() < 0.05 ? null : text(fresh ? ["order", "thanks", "size"] : WORDS)));
      if (fresh && i % 20 === 7) texts.push("new boots?"); // one in ten of the newest: in a message …
      if (i === 1000) texts.unshift("do you have the zebracorn model"); // the oldest message of one thread
      if (i === 700) texts.push("50% off_today, see a\\b");
      if (i === 710) texts.push("500 offXtoday ab");
      if (i === 47) texts.unshift("Rui said hi"); // a common first name, here only in an old message …
      const first = pick(["Ana", "Rui", "Eva", "Ines"]);
      rows.push(
        row(at, `${i === 29 || i === 47 ? "Eva" : first} ${surname}`, {
          // … or only in the preview
          preview: i === 850 ? "Parcelbox arrived" : i === 29 ? "ask Rui" : fresh && i % 20 === 17 ? "boots, only in the preview" : texts.at(-1) === undefined ? null : texts.at(-1)!,
          texts,
          important: i % 7 === 3,
          spam: i % 13 === 5,
          tags: [...(i % 9 === 2 ? ["vip"] : []), ...(i % 11 === 4 ? ["refund"] : [])],
        }),
      );
    }
    await insertRows(pageId, rows);
  });
  afterEach(() => {
    Object.assign(SEARCH_LIMITS, DEFAULT_LIMITS);
  });

  const TERMS = ["order", "ORDER", "boots", "stone", "rui", "warranty", "pereira", "lima", "LIMA", "zebracorn", "parcelbox", "moss", "qwxyzzy", "50%", "%", "_", "off_today", "a\\b", "\\", "e", "ab"];
  const FILTERS: Omit<Query, "search">[] = [{}, { isImportant: true }, { isSpam: true }, { tags: ["vip"] }, { tags: ["vip", "refund"], isImportant: true }];
  const LIMIT = 7;

  // Hundreds of requests: a generous limit (not a speed check; the benchmark measures speed).
  it("gives the oracle's rows, flags and cursors for offset pages 1, 2, 3 and the last", { timeout: 180_000 }, async () => {
    await eachQuery(TERMS, FILTERS, async (term, filter) => {
      const q = { search: term, ...filter };
      const { total } = expected(rows, q, { limit: LIMIT });
      const lastPage = Math.max(1, Math.ceil(total / LIMIT));
      for (const page of [...new Set([1, 2, 3, lastPage, lastPage + 1])]) {
        const want = expected(rows, q, { page, limit: LIMIT });
        const got = await search(toParams(q, { page: String(page), limit: String(LIMIT) }));
        const context = `${JSON.stringify(q)} page ${page}`;
        expect(got.status, context).toBe(200);
        expect({ ids: got.body.data.map((d) => d.id), ...got.body.pagination }, context).toEqual({ ids: want.ids, currentPage: page, hasNextPage: want.hasNextPage, nextCursor: want.nextCursor });
      }
    });
  });

  it("gives the oracle's rows following the cursor, and the same rows as the offset pages", { timeout: 180_000 }, async () => {
    await eachQuery(TERMS, FILTERS, async (term, filter) => {
      const q = { search: term, ...filter };
      let cursor: string | null = null;
      for (let page = 1; page <= 4; page++) {
        const want = expected(rows, q, { cursor: cursor ? decodeCursor(cursor) : undefined, limit: LIMIT });
        const got = await search(toParams(q, { limit: String(LIMIT), ...(cursor ? { cursor } : {}) }));
        const context = `${JSON.stringify(q)} cursor page ${page}`;
        expect({ ids: got.body.data.map((d) => d.id), hasNextPage: got.body.pagination.hasNextPage, nextCursor: got.body.pagination.nextCursor }, context).toEqual({ ids: want.ids, hasNextPage: want.hasNextPage, nextCursor: want.nextCursor });
        // the keyset page n is the offset page n
        expect(want.ids, context).toEqual(expected(rows, q, { page, limit: LIMIT }).ids);
        if (!got.body.pagination.nextCursor) break;
        cursor = got.body.pagination.nextCursor;
      }
    });
  });

  it("covers what it claims: rare terms only far down, dense and medium names, ties, every strategy", async () => {
    const count = (q: Query) => expected(rows, q, { limit: LIMIT }).total;
    expect(count({ search: "zebracorn" })).toBe(2); // an old message of one thread, the name of another
    expect(count({ search: "lima" })).toBeGreaterThan(30);
    expect(count({ search: "pereira" })).toBeGreaterThan(400);
    expect(rows.slice(0, FRESH).some((r) => [r.name, r.preview, ...r.texts].some((s) => s?.toLowerCase().includes("lima")))).toBe(false);
    expect(new Set(rows.map((r) => r.at.getTime())).size).toBeLessThan(rows.length);
    expect([rows[29]!.name, rows[47]!.name, rows[47]!.preview]).toEqual(["Eva Stone", "Eva Stone", expect.not.stringMatching(/rui/i)]);
    expect(rows[29]!.tags.concat(rows[47]!.tags)).toEqual(["vip", "vip"]);

    const strategy = async (term: string, tags: string[] = []) =>
      (await searchConversationIds({ pageId, term, isSpam: false, isImportant: false, tags, cursor: null, offset: 0, take: LIMIT + 1 })).strategy;
    const used = {
      zebracorn: await strategy("zebracorn"),
      stone: await strategy("stone"),
      stoneVip: await strategy("stone", ["vip"]),
      rui: await strategy("rui"),
      ruiVip: await strategy("rui", ["vip"]),
      pereira: await strategy("pereira"),
      order: await strategy("order"),
      boots: await strategy("boots"),
      // common further down, absent from the 400 newest: the second stretch finds it (not the hashed set)
      warranty: await strategy("warranty"),
      e: await strategy("e"),
      ab: await strategy("ab"),
    };
    if (limits === SMALL_LIMITS) {
      expect(used).toEqual({ zebracorn: "candidates", stone: "walk", stoneVip: "tagged", rui: "walk", ruiVip: "tagged", pereira: "all-candidates", order: "walk-own-messages", boots: "walk-own-then-set", warranty: "all-candidates", e: "walk-own-messages", ab: "all-candidates" });
    } else {
      expect(used).toEqual({ zebracorn: "candidates", stone: "candidates", stoneVip: "candidates", rui: "candidates", ruiVip: "candidates", pereira: "candidates", order: "walk-own-messages", boots: "walk-own-messages", warranty: "walk-own-messages", e: "walk-own-messages", ab: "all-candidates" });
    }
    // A term the probe found in too many messages skips the probe for a while (any case of it), and still
    // finds what the oracle finds (the two tests above ran most searches of such terms without the probe).
    expect({ order: knownToMatchMany(pageId, "order"), ORDER: knownToMatchMany(pageId, "ORDER"), zebracorn: knownToMatchMany(pageId, "zebracorn"), stone: knownToMatchMany(pageId, "stone") }).toEqual({
      order: true,
      ORDER: true,
      zebracorn: false,
      stone: false,
    });
    const again = await searchConversationIds({ pageId, term: "Order", isSpam: false, isImportant: false, tags: [], cursor: null, offset: 0, take: LIMIT + 1 });
    expect(again.ids).toEqual(expected(rows, { search: "order" }, { limit: LIMIT + 1 }).ids);
    // A name more common than the probe's cap (Stone: the 400 newest, over the small limits' 30) is not
    // counted again for a while; the search takes the same path and finds the same rows.
    const manyStones = limits === SMALL_LIMITS;
    expect({ stone: knownToMatchMany(pageId, "Stone", "names"), zebracorn: knownToMatchMany(pageId, "zebracorn", "names") }).toEqual({ stone: manyStones, zebracorn: false });
    const stones = await searchConversationIds({ pageId, term: "stone", isSpam: false, isImportant: false, tags: [], cursor: null, offset: 0, take: LIMIT + 1 });
    expect(stones).toEqual({ ids: expected(rows, { search: "stone" }, { limit: LIMIT + 1 }).ids, strategy: used.stone });
  });
});
