import { z } from "zod";
import { ZConversationRef } from "@/lib/schemas/conversations";

// Thread control under Meta's handover protocol (docs/API.md "Thread control"): read it, take it, pass it back.

/** GET /api/conversations/thread-control?conversationId=…&pageId=… */
export const ZThreadControlQuery = ZConversationRef.pick({ conversationId: true, pageId: true });

/** POST /api/conversations/take-control */
export const ZTakeControl = ZConversationRef;
export type TTakeControl = z.infer<typeof ZTakeControl>;

/** POST /api/conversations/pass-control: to Meta's Page Inbox (default) or the Page's primary receiver. */
export const ZPassControl = ZConversationRef.extend({
  target: z.enum(["page_inbox", "primary"], { error: "target must be page_inbox or primary" }).default("page_inbox"),
});
export type TPassControl = z.infer<typeof ZPassControl>;
