import type { SimContext } from "../context";
import { deliverWebhook } from "./deliver";
import { deliveryItem, echoItem, singleItemBody } from "./events";

// After Meta accepts a page's message it sends, a moment later, the echo (message_echoes) and then the
// delivery receipt (message_deliveries). Both are background work: the Send API has already answered.

export type PageMessage = {
  pageId: string;
  psid: string;
  mid: string;
  timestamp: number;
  appId: string;
  text?: string;
  attachment?: { type: string; url: string };
  metadata?: string;
};

export function scheduleEchoAndDelivery(ctx: SimContext, message: PageMessage, options: { echo?: boolean } = {}): void {
  const { echoDelayMs, sendDeliveries } = ctx.settings;
  const sendEcho = options.echo ?? ctx.settings.sendEchoes;
  if (!sendEcho && !sendDeliveries) return;
  ctx.tasks.run(
    async () => {
      if (sendEcho) {
        await ctx.tasks.sleep(echoDelayMs);
        await deliverWebhook(ctx, "echo", singleItemBody(message.pageId, echoItem(message), ctx.now()));
      }
      if (sendDeliveries) {
        await ctx.tasks.sleep(echoDelayMs);
        const watermark = ctx.now();
        const item = deliveryItem({ pageId: message.pageId, psid: message.psid, mids: [message.mid], watermark });
        await deliverWebhook(ctx, "delivery", singleItemBody(message.pageId, item, watermark));
      }
    },
    (error) => ctx.log(`receipts for ${message.mid} failed: ${String(error)}`),
  );
}
