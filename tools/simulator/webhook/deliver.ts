import { nextId, type SimContext } from "../context";
import type { WebhookDelivery } from "../state";
import type { WebhookBody } from "./events";
import { requestOnce } from "./request";
import { signatureHeaders } from "./sign";
import { splitByChannel } from "./instagram";

// Delivers one webhook body like Meta: signed, POSTed, retried with exponential backoff while the app
// answers non-2xx or not at all. Every delivery is kept in state.events with each attempt's outcome.

export async function deliverWebhook(ctx: SimContext, kind: string, body: WebhookBody): Promise<WebhookDelivery> {
  // An Instagram customer's events go as Meta sends them for Instagram, in their own delivery (instagram.ts).
  const { messenger, instagram } = splitByChannel(ctx, body);
  if (messenger && instagram) {
    const first = await deliverOne(ctx, kind, messenger);
    await deliverOne(ctx, kind, instagram);
    return first;
  }
  return deliverOne(ctx, kind, instagram ?? messenger ?? body);
}

async function deliverOne(ctx: SimContext, kind: string, body: WebhookBody): Promise<WebhookDelivery> {
  const rawBody = JSON.stringify(body);
  const headers = signatureHeaders(rawBody, ctx.appSecret);
  const delivery: WebhookDelivery = {
    id: nextId(ctx),
    kind,
    body,
    signature: headers["X-Hub-Signature-256"] ?? "",
    attempts: [],
    status: null,
    delivered: false,
    done: false,
    startedAt: ctx.now(),
  };
  ctx.state.events.push(delivery);
  const { webhookUrl, webhookRetries, retryBaseDelayMs, webhookTimeoutMs } = ctx.settings;
  try {
    if (!webhookUrl) return delivery;
    for (let attempt = 1; attempt <= 1 + webhookRetries; attempt++) {
      if (attempt > 1) await ctx.tasks.sleep(retryBaseDelayMs * 2 ** (attempt - 2));
      // Each retry goes to the callback URL configured now: an app that moved (PATCH /sim/config) gets them.
      const result = await requestOnce({ url: ctx.settings.webhookUrl || webhookUrl, rawBody, headers, timeoutMs: webhookTimeoutMs, signal: ctx.tasks.signal, agents: ctx.agents });
      delivery.attempts.push(result.status === null ? { status: null, error: result.error, at: ctx.now() } : { status: result.status, responseBody: result.body, at: ctx.now() });
      delivery.status = result.status;
      if (result.status !== null && result.status >= 200 && result.status < 300) {
        delivery.delivered = true;
        break;
      }
    }
  } catch {
    // Only the close() of the simulator interrupts a delivery; what was recorded so far stands.
  } finally {
    delivery.done = true;
    const last = delivery.attempts.at(-1);
    const outcome = !webhookUrl ? "not sent (no webhook URL)" : delivery.delivered ? `${delivery.status}` : `failed (${last?.status ?? last?.error ?? "closed"})`;
    ctx.log(`webhook ${kind} #${delivery.id} → ${outcome} after ${delivery.attempts.length} attempt(s)`);
  }
  return delivery;
}
