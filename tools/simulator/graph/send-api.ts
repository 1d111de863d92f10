import type { RouteContext } from "../http/router";
import { sendJson } from "../http/respond";
import type { ParsedBody } from "../http/body";
import { messageId } from "../ids";
import { findCustomer, type SentMessage } from "../state";
import { scheduleEchoAndDelivery } from "../webhook/receipts";
import { resolveAttachment } from "./attachment-store";
import { accessTokenFrom, pageForToken } from "./auth";
import { invalidParameter } from "./graph-error";
import { takeHeldAnswer, takeInjectedError, takeLostAnswer } from "./injected-errors";
import { assertInsideWindow } from "./messaging-window";
import { countSendCall } from "./rate-limit";
import { parseSendRequest } from "./send-request";
import { assertWeHoldThread } from "../handover";
import { sendPrivateReply } from "./private-reply";

// POST /{version}/{page-id}/messages (or /me/messages) — the Send API. Checks run in Meta's order:
// token, injected failures, rate limit, parameters, recipient, messaging window; then the message is
// recorded and its echo and delivery receipt follow as webhooks. A `recipient: {comment_id}` is a private
// reply to a comment, with rules of its own (private-reply.ts).

export async function handleSendApi(ctx: RouteContext, pageIdInPath: string, body: ParsedBody): Promise<void> {
  const { sim, url } = ctx;
  // Latency injection (PATCH /sim/config {sendDelayMs}): Meta's answers, refusals included, take hundreds of ms.
  if (sim.settings.sendDelayMs) await sim.tasks.sleep(sim.settings.sendDelayMs);
  const fields = { ...Object.fromEntries(url.searchParams), ...body.fields };
  const page = pageForToken(sim, accessTokenFrom(ctx.req, url, fields), pageIdInPath);
  const recipient = fields.recipient as { id?: unknown } | undefined;
  const injected = takeInjectedError(sim.state, page.pageId, recipient?.id === undefined ? undefined : String(recipient.id));
  if (injected) throw injected;
  if (takeLostAnswer(sim.state, page.pageId, recipient?.id === undefined ? undefined : String(recipient.id), "before-send")) {
    ctx.res.socket?.destroy(); // lost on the way in: nothing sent
    return;
  }
  const usageHeaders = countSendCall(sim, page.pageId);

  const request = parseSendRequest(fields, body.file !== undefined);
  if (request.kind === "private_reply") {
    const sent = sendPrivateReply(sim, page, request);
    // Held (POST /sim/hold-answers): carried out and echoed at once, the answer waits to be released — the
    // echo reaches the app before the answer does.
    if (takeHeldAnswer(sim.state, page.pageId, sent.psid)) await released(sim);
    sendJson(ctx.res, 200, { recipient_id: sent.psid, message_id: sent.mid }, usageHeaders);
    return;
  }
  const customer = findCustomer(sim.state, page.pageId, request.psid);
  if (!customer) throw invalidParameter("No matching user found", 2018001);
  assertWeHoldThread(sim, page.pageId, customer.psid); // handover protocol: only the thread's owner may send
  if (request.kind === "sender_action") {
    // Like messages, sender actions need an open window (24 h; no tag can carry them).
    assertInsideWindow(customer, "RESPONSE", undefined, sim.now());
    sim.state.senderActions.push({ pageId: page.pageId, psid: customer.psid, action: request.action, time: sim.now() });
    sendJson(ctx.res, 200, { recipient_id: customer.psid }, usageHeaders);
    return;
  }
  const now = sim.now();
  assertInsideWindow(customer, request.messagingType, request.tag, now);

  const attachment = request.attachment ? { type: request.attachment.type, ...resolveAttachment(sim, page.pageId, request.attachment, body.file) } : undefined;
  const sent: SentMessage = {
    pageId: page.pageId,
    psid: customer.psid,
    messagingType: request.messagingType,
    tag: request.tag,
    message: request.message,
    content: { text: request.text, attachment: attachment && { type: attachment.type, url: attachment.url, attachmentId: attachment.attachmentId }, metadata: request.metadata },
    mid: messageId(),
    time: now,
  };
  sim.state.sent.push(sent);
  sim.log(`send ${page.pageId} → ${customer.psid} ${request.messagingType}${request.tag ? `/${request.tag}` : ""}: ${request.text ?? attachment?.url}`);
  // Meta echoes `message.metadata` back as the echo's `message.metadata`, untouched.
  const echo = {
    pageId: page.pageId,
    psid: customer.psid,
    mid: sent.mid,
    timestamp: now,
    appId: sim.appId,
    text: request.text,
    attachment: attachment && { type: attachment.type, url: attachment.url },
    metadata: request.metadata,
  };
  const held = takeHeldAnswer(sim.state, page.pageId, customer.psid);
  if (!held?.holdEcho) scheduleEchoAndDelivery(sim, echo);
  if (held) await released(sim);
  if (takeLostAnswer(sim.state, page.pageId, customer.psid, "after-send")) ctx.res.socket?.destroy(); // sent; the answer never arrives
  else sendJson(ctx.res, 200, { recipient_id: customer.psid, message_id: sent.mid, ...(attachment?.attachmentId ? { attachment_id: attachment.attachmentId } : {}) }, usageHeaders);
  if (held?.holdEcho) scheduleEchoAndDelivery(sim, echo);
}

/** Resolves on POST /sim/release-answers (or a reset), or when the simulator closes. */
function released(sim: RouteContext["sim"]): Promise<void> {
  return new Promise((resolve) => {
    if (sim.tasks.closed) return resolve();
    sim.state.heldAnswers.push(resolve);
    sim.tasks.signal.addEventListener("abort", () => resolve(), { once: true });
  });
}
