import { z } from "zod";
import { ControlError } from "../http/errors";

// Inputs of the control API (/sim/…). Strict objects, so a misspelt field is a 400 naming it rather
// than a silently ignored option.

const ZId = z.string().regex(/^\d{1,32}$/, "must be a numeric Facebook id (digits only)");
/** An absolute http(s) URL, or a path on the simulator such as /samples/sneaker.png. */
const ZUrlOrPath = z.string().max(2000).regex(/^(https?:\/\/\S+|\/\S*)$/i, "must be an http(s) URL or a path starting with /");
const ZTimestamp = z.int().positive("must be a timestamp in milliseconds");

export const ZRegisterPage = z.strictObject({
  pageId: ZId,
  name: z.string().trim().min(1).max(200),
  accessToken: z.string().trim().min(8, "must be at least 8 characters").max(500),
  /** What debug_token reports as granted; all three page permissions by default. */
  permissions: z.array(z.string().regex(/^[a-z_]+$/)).max(20).optional(),
  /** The Instagram professional account linked to the Page. */
  instagram: z.strictObject({ id: ZId, username: z.string().regex(/^[a-z0-9._]{1,30}$/, "an Instagram username") }).optional(),
});

export const ZCreateCustomer = z.strictObject({
  pageId: ZId,
  psid: ZId.optional(),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().max(100),
  profileError: z.boolean().optional(),
  /** instagram: the customer writes to the Page's Instagram account (the page needs one). */
  channel: z.enum(["messenger", "instagram"]).optional(),
  username: z.string().regex(/^[a-z0-9._]{1,30}$/, "an Instagram username").optional(),
  // When the customer last wrote (ms): lets a restarted simulator keep the messaging window of known customers.
  lastMessageAt: z.number().int().positive().optional(),
});

/**
 * Media (image/video/audio/file) and reels without a url get the simulator's sample file for that type, at
 * a URL that expires like Meta's CDN links (GET /media/…); a location has lat/long; a fallback (shared
 * link) or a post title + url; an appointment booking its status and times (defaults: confirmed, tomorrow).
 */
const ZAttachment = z
  .strictObject({
    type: z.enum(["image", "video", "audio", "file", "location", "fallback", "reel", "ig_reel", "post", "ig_post", "appointment_booking", "share", "story_mention"]),
    url: ZUrlOrPath.optional(),
    title: z.string().max(200).optional(),
    lat: z.number().min(-90).max(90).optional(),
    long: z.number().min(-180).max(180).optional(),
    booking: z
      .strictObject({ status: z.enum(["requested", "confirmed", "declined", "cancelled"]).optional(), start: ZTimestamp.optional(), end: ZTimestamp.optional(), timezone: z.string().min(1).max(64).optional() })
      .optional(),
  })
  .refine((a) => !["fallback", "post", "ig_post"].includes(a.type) || a.url, { message: "a shared link or post needs a url", path: ["url"] });

const messageFields = {
  pageId: ZId,
  psid: ZId,
  text: z.string().min(1).max(20_000).optional(),
  imageUrl: ZUrlOrPath.optional(),
  stickerId: z.union([z.int().positive(), z.string().regex(/^\d+$/).transform(Number)]).optional(),
  attachments: z.array(ZAttachment).max(10).optional(),
  replyTo: z.string().min(1).max(200).optional(),
  quickReply: z.string().min(1).max(1000).optional(),
  /** Instagram: the message answers one of the Page's stories (reply_to.story; the sample image unless url). */
  storyReply: z.strictObject({ url: ZUrlOrPath.optional() }).optional(),
  /** Instagram: something Instagram does not pass on (is_unsupported). */
  unsupported: z.literal(true).optional(),
  timestamp: ZTimestamp.optional(),
};

const hasContent = (m: { text?: string; imageUrl?: string; stickerId?: number; attachments?: unknown[]; unsupported?: true }) =>
  m.text !== undefined || m.imageUrl !== undefined || m.stickerId !== undefined || (m.attachments?.length ?? 0) > 0 || m.unsupported === true;
const CONTENT_REQUIRED = { message: "give at least one of text, imageUrl, stickerId or attachments", path: ["text"] };

export const ZCustomerMessage = z
  .strictObject({ ...messageFields, duplicate: z.boolean().optional(), delayMs: z.int().min(0).max(60_000).optional() })
  .refine(hasContent, CONTENT_REQUIRED);
export type TCustomerMessage = z.infer<typeof ZCustomerMessage>;

export const ZBatch = z.strictObject({
  events: z.array(z.strictObject(messageFields).refine(hasContent, CONTENT_REQUIRED)).min(1).max(200),
  outOfOrder: z.boolean().optional(),
  singleRequest: z.boolean().optional(),
  /** With singleRequest: one entry per page holding several messaging items, instead of one entry each. */
  shareEntry: z.boolean().optional(),
});

export const ZInboxEcho = z.strictObject({ pageId: ZId, psid: ZId, text: z.string().min(1).max(2000) });
export const ZRead = z.strictObject({ pageId: ZId, psid: ZId, watermark: ZTimestamp.optional() });
export const ZDelivery = z.strictObject({ pageId: ZId, psid: ZId, mids: z.array(z.string().min(1)).max(100).optional(), watermark: ZTimestamp.optional() });
export const ZPostback = z.strictObject({ pageId: ZId, psid: ZId, title: z.string().min(1).max(200), payload: z.string().min(1).max(1000) });

/** A customer's system event (webhook/events.ts systemEventItem). */
export const ZSystemEvent = z.discriminatedUnion("kind", [
  z.strictObject({ pageId: ZId, psid: ZId, kind: z.literal("optin"), ref: z.string().min(1).max(200).optional(), notifications: z.enum(["opt_in", "stop", "resume"]).optional(), title: z.string().min(1).max(200).optional() }),
  z.strictObject({ pageId: ZId, psid: ZId, kind: z.literal("account_linking"), status: z.enum(["linked", "unlinked"]).default("linked") }),
  z.strictObject({ pageId: ZId, psid: ZId, kind: z.literal("feedback"), score: z.int().min(1).max(10), comment: z.string().min(1).max(1000).optional() }),
  z.strictObject({ pageId: ZId, psid: ZId, kind: z.literal("game_play"), score: z.int().min(0) }),
]);

/** Something a person known only by a user_ref did (webhook/events.ts guestItem). */
export const ZGuestEvent = z.discriminatedUnion("kind", [
  z.strictObject({ pageId: ZId, userRef: z.string().min(1).max(200), kind: z.literal("optin"), ref: z.string().min(1).max(200).optional() }),
  z.strictObject({ pageId: ZId, userRef: z.string().min(1).max(200), kind: z.literal("postback"), title: z.string().min(1).max(200), payload: z.string().min(1).max(1000) }),
  z.strictObject({ pageId: ZId, userRef: z.string().min(1).max(200), kind: z.literal("message"), text: z.string().min(1).max(2000) }),
]);

export const ZInjectError = z.strictObject({
  pageId: ZId.optional(),
  psid: ZId.optional(),
  code: z.int().positive(),
  subcode: z.int().positive().optional(),
  count: z.int().min(1).max(10_000).default(1),
  httpStatus: z.int().min(400).max(599).optional(),
  message: z.string().min(1).max(500).optional(),
  endpoint: z.enum(["messages", "conversations", "subscribed_apps", "comments"]).default("messages"),
});

export const ZInjectAnswer = z.strictObject({
  pageId: ZId.optional(),
  psid: ZId.optional(),
  count: z.int().min(1).max(10_000).default(1),
  /** The Graph read it answers; only the Conversations API so far. */
  endpoint: z.enum(["conversations"]).default("conversations"),
  /** Sent back as it is (status 200): whatever shape, sizes or URLs a test wants the app to face. */
  body: z.record(z.string(), z.unknown()),
});

export const ZLoseAnswers = z.strictObject({
  pageId: ZId.optional(),
  psid: ZId.optional(),
  count: z.int().min(1).max(10_000).default(1),
  /** after-send: the message goes out, its answer is lost; before-send: the call is lost on the way in. */
  when: z.enum(["after-send", "before-send"]).default("after-send"),
});

export const ZHoldAnswers = z.strictObject({
  pageId: ZId.optional(),
  psid: ZId.optional(),
  count: z.int().min(1).max(10_000).default(1),
  /** false: the echo goes out as usual, so it reaches the app before the answer; true: it follows the answer. */
  holdEcho: z.boolean().default(false),
});

export const ZReset = z.strictObject({ all: z.boolean().optional() });
export const ZPageQuery = z.strictObject({ pageId: ZId.optional(), psid: ZId.optional() });

export const ZConfigPatch = z.strictObject({
  webhookUrl: z.union([z.url({ protocol: /^https?$/ }), z.literal("")]).optional(),
  echoDelayMs: z.int().min(0).max(60_000).optional(),
  sendEchoes: z.boolean().optional(),
  sendDeliveries: z.boolean().optional(),
  webhookRetries: z.int().min(0).max(10).optional(),
  retryBaseDelayMs: z.int().min(0).max(60_000).optional(),
  webhookTimeoutMs: z.int().min(1).max(60_000).optional(),
  rateLimitPerSecond: z.int().min(0).max(100_000).optional(),
  profileDelayMs: z.int().min(0).max(120_000).optional(),
  sendDelayMs: z.int().min(0).max(60_000).optional(),
  stickerAttachmentType: z.enum(["sticker", "image"]).optional(),
  requireAppSecretProof: z.boolean().optional(),
});

/** Parses control input or throws a 400 listing every problem by field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.join(".") || "(body)",
    message: issue.code === "invalid_type" && issue.message.endsWith("received undefined") ? "is required" : issue.message,
  }));
  throw new ControlError(400, `Invalid request: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`, issues);
}

const ZTarget = { pageId: ZId, psid: ZId, mid: z.string().min(1).max(200) };
export const ZReaction = z.strictObject({
  ...ZTarget,
  action: z.enum(["react", "unreact"]).default("react"),
  reaction: z.enum(["smile", "angry", "sad", "wow", "love", "like", "dislike", "other"]).default("love"),
  emoji: z.string().min(1).max(16).optional(),
});
export const ZEdit = z.strictObject({ ...ZTarget, text: z.string().min(1).max(2000) });
export const ZUnsend = z.strictObject(ZTarget);
export const ZReferral = z.strictObject({
  pageId: ZId,
  psid: ZId,
  source: z.enum(["ADS", "SHORTLINK", "CUSTOMER_CHAT_PLUGIN"]).default("SHORTLINK"),
  type: z.string().max(50).default("OPEN_THREAD"),
  ref: z.string().max(250).optional(),
  adId: ZId.optional(),
});
/** Any messaging item, as is: for kinds the control API has no shortcut for (sender/recipient/timestamp filled in). */
export const ZRawItem = z.strictObject({ pageId: ZId, psid: ZId, item: z.record(z.string(), z.unknown()) });

/** A post or comment id: digits (Instagram), or `{digits}_{digits}` (Facebook). */
const ZFeedId = z.string().regex(/^\d{1,32}(_\d{1,32})?$/, "must be a post or comment id (digits, or {digits}_{digits} on Facebook)");

export const ZPublishPost = z.strictObject({
  message: z.string().trim().min(1).max(5000),
  /** With one of the sample photos; an Instagram post always has one. */
  picture: z.boolean().optional(),
  channel: z.enum(["facebook", "instagram"]).default("facebook"),
});

/** A comment by a customer of the page (psid), or by someone who never wrote to it (name on Facebook, username on Instagram). */
export const ZCustomerComment = z
  .strictObject({
    postId: ZFeedId,
    psid: ZId.optional(),
    name: z.string().trim().min(1).max(100).optional(),
    username: z.string().regex(/^[a-z0-9._]{1,30}$/, "an Instagram username").optional(),
    message: z.string().trim().min(1).max(8000),
    parentId: ZFeedId.optional(),
  })
  .refine((c) => (c.psid !== undefined) !== (c.name !== undefined || c.username !== undefined), {
    message: "give either psid (a customer of the page) or name / username (someone who has not written to the page yet)",
    path: ["psid"],
  });

export const ZCommentPatch = z
  .strictObject({
    message: z.string().trim().min(1).max(8000).optional(),
    /** Moves the comment into the past, e.g. beyond Meta's 7 days for a private reply. */
    ageDays: z.number().min(0).max(3650).optional(),
    createdTime: ZTimestamp.optional(),
  })
  .refine((p) => p.message !== undefined || p.ageDays !== undefined || p.createdTime !== undefined, { message: "give message, ageDays or createdTime", path: ["message"] })
  .refine((p) => p.ageDays === undefined || p.createdTime === undefined, { message: "give ageDays or createdTime, not both", path: ["ageDays"] });

/**
 * Someone @mentions the page's Instagram account on their own media: in its caption, or in a comment on it
 * (a new photo of theirs, or mediaId: one they posted before). psid: an Instagram customer; username: someone new.
 */
export const ZMention = z
  .strictObject({
    in: z.enum(["comment", "caption"]),
    psid: ZId.optional(),
    username: z.string().regex(/^[a-z0-9._]{1,30}$/, "an Instagram username").optional(),
    message: z.string().trim().min(1).max(2200),
    mediaId: ZFeedId.optional(),
  })
  .refine((m) => (m.psid !== undefined) !== (m.username !== undefined), { message: "give either psid (an Instagram customer of the page) or username (someone new)", path: ["psid"] })
  .refine((m) => m.in === "comment" || m.mediaId === undefined, { message: "a caption mention is a new photo: mediaId is for a comment", path: ["mediaId"] });
