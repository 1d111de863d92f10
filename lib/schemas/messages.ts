import { z } from "zod";

// POST /api/send-message (PRODUCT §7): text, one image, or one audio/video/file per call; Messenger caps text below 2000 characters.
export const MESSAGE_MAX_LENGTH = 2000;

export const ZSendMessage = z
  .object({
    conversationId: z.string({ error: "conversationId is required" }).trim().min(1, "conversationId is required").max(100),
    pageId: z.string({ error: "pageId is required" }).trim().min(1, "pageId is required").max(100),
    recipient_id: z.string().trim().max(100).optional(),
    text: z.string().max(MESSAGE_MAX_LENGTH, `Messages can be at most ${MESSAGE_MAX_LENGTH} characters`).optional().default(""),
    message_type: z.enum(["text", "image", "audio", "video", "file"], { error: "message_type must be text, image, audio, video or file" }).optional().default("text"),
    imageUrl: z.url({ protocol: /^https?$/, error: "imageUrl must be an http(s) URL" }).max(2000).optional(),
    // audio / video / file: one of our uploads (POST /api/uploads, field "files") and the name to show.
    fileUrl: z.url({ protocol: /^https?$/, error: "fileUrl must be an http(s) URL" }).max(2000).optional(),
    fileName: z.string().trim().max(200).optional(),
    // The browser's id for its optimistic copy, given back on the reply's new-message (docs/API.md): the
    // copy is matched by it, never by text (two identical replies in a row are two messages).
    clientId: z.string().max(100).regex(/^[\w-]+$/, "clientId may hold letters, digits, _ and - only").optional(),
  })
  .superRefine((value, ctx) => {
    if (value.message_type === "text" && !value.text.trim()) ctx.addIssue({ code: "custom", path: ["text"], message: "Message text is required" });
    if (value.message_type === "image" && !value.imageUrl) ctx.addIssue({ code: "custom", path: ["imageUrl"], message: "imageUrl is required for an image message" });
    // A text message carries no image: an imageUrl beside it would go out unseen by the whitelist check.
    if (value.message_type === "text" && value.imageUrl) ctx.addIssue({ code: "custom", path: ["imageUrl"], message: "A text message cannot carry an imageUrl" });
    const isFile = value.message_type === "audio" || value.message_type === "video" || value.message_type === "file";
    if (isFile && !value.fileUrl) ctx.addIssue({ code: "custom", path: ["fileUrl"], message: `fileUrl is required for a ${value.message_type} message` });
    if (!isFile && value.fileUrl) ctx.addIssue({ code: "custom", path: ["fileUrl"], message: "Only audio, video and file messages carry a fileUrl" });
    if (isFile && value.text.trim()) ctx.addIssue({ code: "custom", path: ["text"], message: "Send the text as its own message" });
  });

export type TSendMessage = z.infer<typeof ZSendMessage>;

// POST /api/send-message/retry: a reply that failed, sent again (the same message, the same row).
export const ZRetryMessage = z.object({
  conversationId: z.string({ error: "conversationId is required" }).trim().min(1, "conversationId is required").max(100),
  pageId: z.string({ error: "pageId is required" }).trim().min(1, "pageId is required").max(100),
  messageId: z.string({ error: "messageId is required" }).trim().min(1, "messageId is required").max(100),
});
export type TRetryMessage = z.infer<typeof ZRetryMessage>;

// POST /api/conversations/sender-action: what the customer's Messenger shows while an agent works.
export const ZSenderAction = z.object({
  conversationId: z.string({ error: "conversationId is required" }).trim().min(1, "conversationId is required").max(100),
  pageId: z.string().trim().max(100).optional(),
  action: z.enum(["typing_on", "typing_off", "mark_seen"], { error: "action must be typing_on, typing_off or mark_seen" }),
});
export type TSenderAction = z.infer<typeof ZSenderAction>;
