import { z } from "zod";

// POST /api/send-message (SPEC §7): text or one image per call; Messenger caps text below 2000 characters.
export const MESSAGE_MAX_LENGTH = 2000;

export const ZSendMessage = z
  .object({
    conversationId: z.string({ error: "conversationId is required" }).trim().min(1, "conversationId is required").max(100),
    pageId: z.string({ error: "pageId is required" }).trim().min(1, "pageId is required").max(100),
    recipient_id: z.string().trim().max(100).optional(),
    text: z.string().max(MESSAGE_MAX_LENGTH, `Messages can be at most ${MESSAGE_MAX_LENGTH} characters`).optional().default(""),
    message_type: z.enum(["text", "image"], { error: "message_type must be text or image" }).optional().default("text"),
    imageUrl: z.url({ protocol: /^https?$/, error: "imageUrl must be an http(s) URL" }).max(2000).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.message_type === "text" && !value.text.trim()) ctx.addIssue({ code: "custom", path: ["text"], message: "Message text is required" });
    if (value.message_type === "image" && !value.imageUrl) ctx.addIssue({ code: "custom", path: ["imageUrl"], message: "imageUrl is required for an image message" });
    // A text message carries no image: an imageUrl beside it would go out unseen by the whitelist check.
    if (value.message_type === "text" && value.imageUrl) ctx.addIssue({ code: "custom", path: ["imageUrl"], message: "A text message cannot carry an imageUrl" });
  });

export type TSendMessage = z.infer<typeof ZSendMessage>;
