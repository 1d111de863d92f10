import type { FaultWorld } from "./world";

// Agents' replies in the fault tests (issue 30): sent through the app's API as the inbox sends them, and
// counted against what the customer got (the simulator's Send API record) and what the thread shows.

export type ReplyTarget = { conversationId: string; pageId: string; psid: string };

/** `n` conversations with a customer inside the messaging window (the customer streams made them). */
export async function replyTargets(world: FaultWorld, n: number): Promise<ReplyTarget[]> {
  const rows = await world.db.conversation.findMany({ take: n, orderBy: { lastInboundAt: "desc" }, where: { lastInboundAt: { not: null } }, select: { id: true, pageId: true, customer: { select: { psid: true } } } });
  return rows.map((r) => ({ conversationId: r.id, pageId: r.pageId, psid: r.customer.psid }));
}

const post = (world: FaultWorld, path: string, body: unknown) =>
  fetch(`${world.app.url}${path}`, { method: "POST", headers: { authorization: `Bearer ${world.token}`, "content-type": "application/json" }, body: JSON.stringify(body) }).then(
    async (r) => (await r.text(), r.status),
    () => 0,
  );

/** The agent's Send: answers the HTTP status (0 when the app did not answer). */
export const sendReply = (world: FaultWorld, target: ReplyTarget, text: string) => post(world, "/api/send-message", { conversationId: target.conversationId, pageId: target.pageId, text });

/** The agent's Retry under every reply of `texts` that shows as failed; answers how many were retried. */
export async function retryFailed(world: FaultWorld, texts: string[]): Promise<number> {
  const failed = await world.db.message.findMany({ where: { text: { in: texts }, direction: "outbound", sendStatus: "failed" }, select: { id: true, conversationId: true, conversation: { select: { pageId: true } } } });
  await Promise.all(failed.map((row) => post(world, "/api/send-message/retry", { conversationId: row.conversationId, pageId: row.conversation.pageId, messageId: row.id })));
  return failed.length;
}

export type ReplyFigures = {
  replies: number;
  /** Sent, or further along (delivered, read: Meta's receipts may come soon after). */
  sent: number;
  /** Failed with the reason shown (and a Retry): Meta refused them. */
  failed: number;
  /** Still "Sending" / "Waiting for Facebook". */
  stuck: number;
  /** Gone from the thread, or never stored. */
  removed: number;
  /** Reached the customer more than once. */
  duplicated: number;
  /** Reached the customer but show as failed: the agent would send it again. */
  deliveredButFailed: number;
  /** Show as sent but never reached the customer. */
  sentButNotDelivered: number;
};

const SENT = new Set(["sent", "delivered", "read"]);

export async function countReplies(world: FaultWorld, texts: string[]): Promise<ReplyFigures> {
  const rows = await world.db.message.findMany({ where: { text: { in: texts }, direction: "outbound" }, select: { text: true, sendStatus: true, errorMessage: true, deletedAt: true } });
  const delivered = new Map<string, number>();
  for (const sent of world.sim.state.sent) {
    const text = sent.content.text;
    if (text && texts.includes(text)) delivered.set(text, (delivered.get(text) ?? 0) + 1);
  }
  const shown = rows.filter((r) => r.deletedAt === null);
  const isSent = (r: { sendStatus: string }) => SENT.has(r.sendStatus);
  const failed = shown.filter((r) => r.sendStatus === "failed");
  return {
    replies: texts.length,
    sent: shown.filter(isSent).length,
    failed: failed.filter((r) => r.errorMessage).length,
    stuck: shown.filter((r) => r.sendStatus === "pending").length,
    removed: texts.filter((t) => !shown.some((r) => r.text === t)).length,
    duplicated: [...delivered.values()].filter((n) => n > 1).length + texts.filter((t) => shown.filter((r) => r.text === t).length > 1).length,
    deliveredButFailed: failed.filter((r) => delivered.has(r.text!)).length,
    sentButNotDelivered: shown.filter((r) => isSent(r) && !delivered.has(r.text!)).length,
  };
}

/** The simulator's Meta: queue Send API refusals, or make every Send API answer take `ms`. */
export async function injectSendErrors(world: FaultWorld, rule: { code: number; count: number; httpStatus?: number }): Promise<void> {
  const res = await fetch(`${world.sim.url}/sim/errors`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(rule) });
  if (!res.ok) throw new Error(`/sim/errors answered ${res.status}: ${await res.text()}`);
}

export function slowSendApi(world: FaultWorld, ms: number): void {
  world.sim.settings.sendDelayMs = ms;
}
