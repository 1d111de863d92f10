import type { ApiMessage, ThreadPage } from "@/lib/inbox/types";
import { toUiMessage, type UiMessage } from "@/lib/inbox/ui-message";

// The thread shown = the fetched history plus what arrived since (realtime, optimistic sends), each
// message once. Pure, so the rules are tested without React.

// Each fetched message is converted once: a long thread is rebuilt on every older page, and the pages
// already fetched keep their objects.
const converted = new WeakMap<ApiMessage, UiMessage>();
function uiMessageOf(message: ApiMessage): UiMessage {
  let ui = converted.get(message);
  if (!ui) converted.set(message, (ui = toUiMessage(message)));
  return ui;
}

/** Fetched pages are newest first; the thread reads oldest first. */
export function historyFromPages(pages: ThreadPage[] | undefined): UiMessage[] {
  if (!pages) return [];
  const out: UiMessage[] = [];
  for (let p = pages.length - 1; p >= 0; p--) {
    const data = pages[p]?.data ?? [];
    for (let i = data.length - 1; i >= 0; i--) out.push(uiMessageOf(data[i] as ApiMessage));
  }
  return out;
}

function sameMessage(a: UiMessage, b: UiMessage): boolean {
  return a.id === b.id || (a.mid !== null && a.mid === b.mid);
}

/**
 * History wins over the overlay for the same message — except a revised copy (a reaction, edit, unsend or
 * copied attachment pushed after the history was fetched), which replaces it. Sorted by time (stable).
 */
export function mergeThread(fetched: UiMessage[], overlay: UiMessage[]): UiMessage[] {
  // Nothing arrived since: the history as it is (no sets of every id on each older page of a long thread).
  if (!overlay.length) return fetched;
  const revised = overlay.filter((m) => m.revised);
  const history = revised.length ? fetched.map((h) => revised.find((r) => sameMessage(h, r)) ?? h) : fetched;
  const ids = new Set(history.map((m) => m.id));
  const mids = new Set(history.flatMap((m) => (m.mid ? [m.mid] : [])));
  const extra = overlay.filter((m) => !ids.has(m.id) && !(m.mid && mids.has(m.mid)));
  if (!extra.length) return history;
  const sortedExtra = extra.map((m, i) => ({ m, i })).sort((a, b) => a.m.timestamp - b.m.timestamp || a.i - b.i).map(({ m }) => m);
  // What arrived since is almost always newer than the whole history: then it goes after it as it is, without
  // sorting a long thread's thousands of messages again on every send, echo and receipt.
  const newest = history.at(-1)?.timestamp ?? -Infinity;
  if (sortedExtra[0]!.timestamp >= newest) return [...history, ...sortedExtra];
  return [...history, ...extra].map((m, i) => ({ m, i })).sort((a, b) => a.m.timestamp - b.m.timestamp || a.i - b.i).map(({ m }) => m);
}

/**
 * A message pushed by the server. The same message again replaces the earlier copy; our own reply may
 * arrive over the socket before its send call answers, and then takes the place of its optimistic copy —
 * the one whose clientId the server gave back (never one with the same text: two identical replies in a
 * row are two messages).
 */
export function upsertIncoming(overlay: UiMessage[], incoming: UiMessage): UiMessage[] {
  const index = overlay.findIndex((m) => sameMessage(m, incoming));
  if (index >= 0) return overlay.map((m, i) => (i === index ? { ...incoming, clientId: m.clientId } : m));
  if (incoming.sentAs) {
    const pending = overlay.findIndex((m) => m.clientId === incoming.sentAs && m.id === m.clientId);
    if (pending >= 0) return overlay.map((m, i) => (i === pending ? { ...incoming, clientId: m.clientId, timestamp: m.timestamp } : m));
  }
  return [...overlay, incoming];
}

/** The send call answered: the optimistic copy becomes the server's message (or goes, when it failed). */
export function settleOptimistic(overlay: UiMessage[], clientId: string, result: UiMessage | null): UiMessage[] {
  const index = overlay.findIndex((m) => m.clientId === clientId);
  if (index < 0) return result ? upsertIncoming(overlay, result) : overlay;
  if (!result) return overlay.filter((_, i) => i !== index);
  const already = overlay.findIndex((m, i) => i !== index && sameMessage(m, result));
  if (already >= 0) return overlay.filter((_, i) => i !== index);
  return overlay.map((m, i) => (i === index ? { ...result, clientId, timestamp: m.timestamp } : m));
}

/** Watermarks (ms), and the mids a delivery named (Meta may list them beside its watermark). */
export type Receipts = { delivered?: number; read?: number; deliveredMids?: string[] };

const RANK: Record<string, number> = { sent: 1, delivered: 2, read: 3 };

/**
 * Receipts are watermarks: our messages up to that time are delivered (or read); a delivery also names
 * its messages by mid. Status only moves forward.
 */
export function applyReceipts(messages: UiMessage[], receipts: Receipts | undefined): UiMessage[] {
  if (!receipts || (!receipts.delivered && !receipts.read && !receipts.deliveredMids?.length)) return messages;
  const mids = new Set(receipts.deliveredMids ?? []);
  return messages.map((m) => {
    if (m.sender !== "me" || !(m.status in RANK)) return m;
    const delivered = (receipts.delivered && m.timestamp <= receipts.delivered) || (m.mid !== null && mids.has(m.mid));
    const next = receipts.read && m.timestamp <= receipts.read ? "read" : delivered ? "delivered" : m.status;
    return (RANK[next] ?? 0) > (RANK[m.status] ?? 0) ? { ...m, status: next } : m;
  });
}

/** The newest message the customer wrote, for 'Active now'. */
export function lastCustomerMessageAt(messages: UiMessage[]): number | null {
  // A system line (opt-in, handover) is not the customer writing.
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.sender === "other" && messages[i]!.kind !== "system") return messages[i]!.timestamp;
  return null;
}
