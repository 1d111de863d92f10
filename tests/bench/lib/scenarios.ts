import pg from "pg";
import type { Actor } from "@/server/services/auth/actor";
import { ZConversationListQuery, ZThreadQuery } from "@/lib/schemas/conversations";
import { encodeCursor } from "@/server/services/conversations/cursor";
import { listConversations, MAX_LIST_OFFSET } from "@/server/services/conversations/list-conversations";
import { getThread } from "@/server/services/conversations/get-thread";
import { BENCH } from "./config";
import { RARE_WORD, type DatasetInfo } from "./dataset";

// The list and thread requests the benchmarks time, shared by the in-process, EXPLAIN and HTTP benches.
// Each scenario is the raw query string a client would send, parsed by the route's own zod schema.

export type Scenario = {
  name: string;
  kind: "list" | "thread";
  /** What it stands for, for the report. */
  about: string;
  /** The path + query of the HTTP request. */
  path: string;
  /** Calls the real service in-process. */
  call: (actor: Actor) => Promise<unknown>;
};

const LIST_LIMIT = 15;

export function staffActor(info: DatasetInfo): Actor {
  return { id: info.staffUserId, name: "Bench Staff", email: "staff@bench.switchboard.test", role: "staff", companyId: info.companyId };
}

/** The cursor a client holds after scrolling `offset` rows of the unfiltered inbox (non-spam, newest first). */
async function listCursorAt(client: pg.Client, pageId: string, offset: number, where = "TRUE"): Promise<string> {
  const { rows } = await client.query<{ at: Date; id: string }>(
    `SELECT last_message_at AS at, id FROM conversations WHERE page_id = $1 AND NOT is_spam AND ${where}
      ORDER BY last_message_at DESC, id DESC OFFSET $2 LIMIT 1`,
    [pageId, offset - 1],
  );
  const row = rows[0];
  if (!row) throw new Error(`no conversation at offset ${offset}`);
  return encodeCursor(row.at, row.id);
}

/** The cursor after the first `offset` search results (name, preview or a message), newest first. */
async function searchCursorAt(client: pg.Client, pageId: string, term: string, offset: number): Promise<string> {
  const { rows } = await client.query<{ at: Date; id: string }>(
    `SELECT c.last_message_at AS at, c.id FROM conversations c JOIN customers u ON u.id = c.customer_id
      WHERE c.page_id = $1 AND NOT c.is_spam AND (u.name ILIKE $2 OR c.last_message_text ILIKE $2
            OR EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.text ILIKE $2))
      ORDER BY c.last_message_at DESC, c.id DESC OFFSET $3 LIMIT 1`,
    [pageId, `%${term}%`, offset - 1],
  );
  const row = rows[0];
  if (!row) throw new Error(`no search result at offset ${offset}`);
  return encodeCursor(row.at, row.id);
}

async function threadCursorAt(client: pg.Client, conversationId: string, offset: number): Promise<string> {
  const { rows } = await client.query<{ at: Date; id: string }>(
    "SELECT created_time AS at, id FROM messages WHERE conversation_id = $1 ORDER BY created_time DESC, id DESC OFFSET $2 LIMIT 1",
    [conversationId, offset - 1],
  );
  const row = rows[0];
  if (!row) throw new Error(`no message at offset ${offset}`);
  return encodeCursor(row.at, row.id);
}

export async function buildScenarios(info: DatasetInfo): Promise<Scenario[]> {
  const client = new pg.Client({ connectionString: BENCH.databaseUrl });
  await client.connect();
  try {
    const pageId = info.pageA.id;
    const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM conversations WHERE page_id = $1 AND NOT is_spam", [pageId]);
    const inbox = Number(rows[0]!.n);
    const lastPage = Math.floor((inbox - 1) / LIST_LIMIT) + 1;
    const deepOffset = (lastPage - 1) * LIST_LIMIT; // the same depth by offset and by cursor
    const deepCursor = await listCursorAt(client, pageId, deepOffset);
    const midCursor = await listCursorAt(client, pageId, Math.round(inbox / 2));
    const importantDeepCursor = await listCursorAt(client, pageId, 2000, "is_important");

    const longest = info.pageA.longestConversationId;
    const longestCount = info.pageA.longestConversationMessages;
    const olderCursor = await threadCursorAt(client, longest, 25);
    const deepThreadCursor = await threadCursorAt(client, longest, longestCount - 30);
    const typicalOlder = await threadCursorAt(client, info.pageA.typicalConversationId, 25);
    const limaSecondPage = await searchCursorAt(client, pageId, "lima", LIST_LIMIT);

    const list = (name: string, about: string, raw: Record<string, string>): Scenario => {
      const query = ZConversationListQuery.parse(raw);
      const qs = new URLSearchParams(raw).toString();
      return { name, kind: "list", about, path: `/api/conversations/${pageId}${qs ? `?${qs}` : ""}`, call: (actor) => listConversations(actor, pageId, query) };
    };
    const thread = (name: string, about: string, conversationId: string, raw: Record<string, string>): Scenario => {
      const query = ZThreadQuery.parse(raw);
      const qs = new URLSearchParams(raw).toString();
      const path = `/api/conversation/${conversationId}/${pageId}${qs ? `?${qs}` : ""}`;
      return { name, kind: "thread", about, path, call: (actor) => getThread(actor, conversationId, pageId, query, `http://127.0.0.1${path}`) };
    };

    return [
      list("list.first", "inbox, first page (15)", {}),
      list("list.offset.p100", "page=100 (offset 1 485)", { page: "100" }),
      // Deeper offsets are refused with a 400 (MAX_LIST_OFFSET): this is the deepest page= serves.
      list("list.offset.max", `page=${MAX_LIST_OFFSET / LIST_LIMIT + 1} (offset ${MAX_LIST_OFFSET}, the deepest served)`, { page: String(MAX_LIST_OFFSET / LIST_LIMIT + 1) }),
      list("list.cursor.mid", `cursor at ~${Math.round(inbox / 2)} rows (keyset)`, { cursor: midCursor }),
      list("list.cursor.last", `cursor at ${deepOffset} rows (keyset, same depth as the last page)`, { cursor: deepCursor }),
      list("list.important", "isImportant=true, first page (5% of rows)", { isImportant: "true" }),
      list("list.important.cursor", "isImportant=true, cursor 2 000 rows deep", { isImportant: "true", cursor: importantDeepCursor }),
      list("list.spam", "isSpam=true (the spam folder, 2%)", { isSpam: "true" }),
      list("list.tags.vip", 'tags=["vip"] (2% of rows)', { tags: JSON.stringify(["vip"]) }),
      list("list.tags.rare", 'tags=["wholesale"] (0.5% of rows)', { tags: JSON.stringify(["wholesale"]) }),
      list("list.tags.two", 'tags=["vip","refund"] (any of two)', { tags: JSON.stringify(["vip", "refund"]) }),
      list("list.tags.important", 'tags=["lead"] + isImportant=true', { tags: JSON.stringify(["lead"]), isImportant: "true" }),
      list("list.search.name", 'search="lima" (a customer surname, ~2% of rows)', { search: "lima" }),
      list("list.search.word", 'search="warranty" (a common word in messages)', { search: "warranty" }),
      list("list.search.rare", `search="${RARE_WORD}" (one message in 1 M)`, { search: RARE_WORD }),
      list("list.search.none", 'search="qwxyzzy" (no match: scans everything)', { search: "qwxyzzy" }),
      list("list.search.word.p2", 'search="warranty", page=2', { search: "warranty", page: "2" }),
      list("list.search.name.cursor", 'search="lima", the second page by cursor', { search: "lima", cursor: limaSecondPage }),
      list("list.search.rare.important", `search="${RARE_WORD}" + isImportant=true`, { search: RARE_WORD, isImportant: "true" }),
      list("list.search.name.tags", 'search="lima" + tags=["vip"] (2% of 2.5%)', { search: "lima", tags: JSON.stringify(["vip"]) }),
      list("list.search.phrase", 'search="warranty box" (a phrase in 0.06% of messages)', { search: "warranty box" }),
      thread("thread.first", `typical thread (${info.pageA.typicalConversationMessages} messages), newest 25`, info.pageA.typicalConversationId, {}),
      thread("thread.older", "typical thread, older page via after", info.pageA.typicalConversationId, { after: typicalOlder }),
      thread("thread.long.first", `longest thread (${longestCount} messages), newest 25`, longest, {}),
      thread("thread.long.older", "longest thread, second page via after", longest, { after: olderCursor }),
      thread("thread.long.deep", `longest thread, after ~${longestCount - 30} messages (oldest page)`, longest, { after: deepThreadCursor }),
    ];
  } finally {
    await client.end();
  }
}
