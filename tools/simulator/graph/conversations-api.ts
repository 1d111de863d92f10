import { sendJson } from "../http/respond";
import type { RouteContext } from "../http/router";
import { findCustomer, type SimCustomer, type SimulatorState } from "../state";
import { accessTokenFrom, pageForToken } from "./auth";
import { invalidParameter } from "./graph-error";
import { takeInjectedAnswer, takeInjectedError } from "./injected-errors";

// GET /{version}/{page-id}/conversations?platform=messenger&user_id={psid}&fields=messages.limit(n){…}
// — the Conversations API, as far as apps use it to read one person's thread: the page's conversation
// with that person and its newest messages (what the customer wrote, Send API messages, Page-inbox
// replies), newest first. Without user_id it lists every conversation of the page (ids and times only).
// platform=instagram reads the linked Instagram account's conversations instead: its customers only, the
// business's messages from the Instagram account, participants named by username (none without an account).

type ThreadItem = { id: string; time: number; fromId: string; fromName: string; text?: string; attachments: { url?: string }[] };

const MESSAGES_FIELD = /(?:^|,)\s*messages(?:\.limit\((\d+)\))?/;

/** Meta's created_time: seconds precision, "+0000" offset. */
export function graphTime(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "+0000");
}

function threadOf(state: SimulatorState, pageId: string, business: { id: string; name: string }, psid: string, customerName: string): ThreadItem[] {
  const fromPage = { fromId: business.id, fromName: business.name };
  const items: ThreadItem[] = [
    ...state.customerMessages
      .filter((m) => m.pageId === pageId && m.psid === psid)
      .map((m) => ({ id: m.mid, time: m.timestamp, fromId: psid, fromName: customerName, text: m.text, attachments: m.attachments })),
    ...state.sent
      .filter((m) => m.pageId === pageId && m.psid === psid)
      .map((m) => ({ id: m.mid, time: m.time, ...fromPage, text: m.content.text, attachments: m.content.attachment ? [m.content.attachment] : [] })),
    ...state.inboxReplies.filter((m) => m.pageId === pageId && m.psid === psid).map((m) => ({ id: m.mid, time: m.time, ...fromPage, text: m.text, attachments: [] })),
  ];
  return items.sort((a, b) => b.time - a.time);
}

export function handleConversationsRead(ctx: RouteContext, pageIdInPath: string): void {
  const { sim, url } = ctx;
  const page = pageForToken(sim, accessTokenFrom(ctx.req, url), pageIdInPath);
  const platform = url.searchParams.get("platform") ?? "messenger";
  if (platform !== "messenger" && platform !== "instagram") throw invalidParameter(`(#100) platform must be one of {messenger, instagram}`);
  const instagram = platform === "instagram";
  const business = instagram ? (page.instagram ? { id: page.instagram.id, name: page.instagram.username } : null) : { id: page.pageId, name: page.name };
  const onPlatform = (c: SimCustomer) => (c.channel === "instagram") === instagram;
  const psid = url.searchParams.get("user_id");
  const injected = takeInjectedError(sim.state, page.pageId, psid ?? undefined, "conversations");
  if (injected) throw injected;
  const answer = takeInjectedAnswer(sim.state, page.pageId, psid ?? undefined, "conversations");
  if (answer !== undefined) return sendJson(ctx.res, 200, answer);
  const messagesField = MESSAGES_FIELD.exec(url.searchParams.get("fields") ?? "");
  const limit = Math.min(Number(messagesField?.[1] ?? 25), 100);

  const one = psid === null ? undefined : findCustomer(sim.state, page.pageId, psid);
  const customers = !business ? [] : psid === null ? [...sim.state.customers.values()].filter((c) => c.pageId === page.pageId && onPlatform(c)) : one && onPlatform(one) ? [one] : [];
  const fields = url.searchParams.get("fields") ?? "";
  // The list is newest first and paged like Graph: ?limit (default 25) and ?after (an opaque cursor).
  const threads = customers
    .map((customer) => {
      const name = instagram ? (customer.username ?? customer.psid) : `${customer.firstName} ${customer.lastName}`.trim();
      const thread = threadOf(sim.state, page.pageId, business!, customer.psid, name);
      return { customer, name, thread, updated: thread[0]?.time ?? customer.createdAt };
    })
    .sort((a, b) => b.updated - a.updated || a.customer.psid.localeCompare(b.customer.psid));
  const pageSize = Math.min(Math.max(Number(url.searchParams.get("limit") ?? 25) || 25, 1), 100);
  const offset = Number(Buffer.from(url.searchParams.get("after") ?? "", "base64url").toString() || 0) || 0;
  const shown = psid === null ? threads.slice(offset, offset + pageSize) : threads;
  const data = shown
    .map(({ customer, name, thread, updated }) => {
      const conversation: Record<string, unknown> = { id: `t_${customer.psid}`, updated_time: graphTime(updated) };
      if (/(?:^|,)\s*participants/.test(fields)) {
        const people = [{ name, id: customer.psid }, { name: business!.name, id: business!.id }];
        conversation.participants = { data: instagram ? people.map((p) => ({ username: p.name, id: p.id })) : people };
      }
      if (messagesField) {
        conversation.messages = {
          data: thread.slice(0, limit).map((m) => ({
            id: m.id,
            created_time: graphTime(m.time),
            from: instagram ? { id: m.fromId, username: m.fromName } : { id: m.fromId, name: m.fromName },
            message: m.text ?? "",
            ...(m.attachments.length ? { attachments: { data: m.attachments.map((a) => ({ image_data: { url: a.url ?? "", preview_url: a.url ?? "" } })) } } : {}),
          })),
        };
      }
      return conversation;
    });
  const more = psid === null && offset + pageSize < threads.length;
  const next = Buffer.from(String(offset + pageSize)).toString("base64url");
  const paging = more ? { cursors: { after: next }, next: `${sim.publicUrl()}${url.pathname}?after=${next}&limit=${pageSize}` } : undefined;
  sendJson(ctx.res, 200, { data, ...(paging ? { paging } : {}) });
}
