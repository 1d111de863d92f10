// createSimulator's options and the defaults that make it behave like Meta out of the box.

export type SeedPage = { pageId: string; name: string; accessToken: string; permissions?: string[] };
export type SeedCustomer = {
  pageId: string;
  psid?: string;
  firstName: string;
  lastName: string;
  profileError?: boolean;
  /** When (ms) the customer last wrote, for one whose messages the app already holds: Meta's window runs from it. */
  lastMessageAt?: number;
};

export type SimulatorOptions = {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  host?: string;
  /** Base of the URLs the simulator hands out (avatars, attachments); defaults to http://host:port. */
  publicUrl?: string;
  /** Where Meta would POST webhooks: the app's endpoint. An empty string disables delivery. */
  webhookUrl?: string;
  /** Signs deliveries (X-Hub-Signature-256); must equal the app's META_APP_SECRET. */
  appSecret?: string;
  /** Used for the GET subscription handshake (POST /sim/subscribe); the app's META_VERIFY_TOKEN. */
  verifyToken?: string;
  /** Our app's id, carried by echoes of Send API messages (`message.app_id`). */
  appId?: string;
  /** Delay before the echo and again before the delivery receipt of a Send API message. */
  echoDelayMs?: number;
  sendEchoes?: boolean;
  sendDeliveries?: boolean;
  /** Extra attempts after a failed webhook POST (Meta retries too). */
  webhookRetries?: number;
  /** First backoff between attempts; it doubles each time. */
  retryBaseDelayMs?: number;
  /** An attempt that has not answered by then counts as failed (Meta wants an answer within 5 s). */
  webhookTimeoutMs?: number;
  /** Send API calls allowed per page per second before error 613; 0 turns the limit off. */
  rateLimitPerSecond?: number;
  /** Latency injection: node reads (GET /{psid} profiles, GET /me) answer only after this long, like a slow Graph API. */
  profileDelayMs?: number;
  /** Latency injection: a Send API call answers only after this long (Meta's takes hundreds of ms; ours ~1). */
  sendDelayMs?: number;
  /**
   * Attachment type of customer stickers. Since 2026-08-30 Meta sends "sticker"; before that, "image"
   * (with payload.sticker_id). Both carry payload {url, sticker_id}.
   */
  stickerAttachmentType?: "sticker" | "image";
  /** Refuse Graph calls without appsecret_proof, like an app with "Require App Secret" on. */
  requireAppSecretProof?: boolean;
  pages?: SeedPage[];
  customers?: SeedCustomer[];
  /** A post on the first page with two comments, so the web page shows comments at once (npm run dev). */
  demoFeed?: boolean;
  log?: (line: string) => void;
  /** The clock (ms); tests may move it to cross the 24 h and 7 day windows. */
  now?: () => number;
};

/** The settings that may change while running (PATCH /sim/config). */
export type SimulatorSettings = {
  webhookUrl: string;
  echoDelayMs: number;
  sendEchoes: boolean;
  sendDeliveries: boolean;
  webhookRetries: number;
  retryBaseDelayMs: number;
  webhookTimeoutMs: number;
  rateLimitPerSecond: number;
  profileDelayMs: number;
  sendDelayMs: number;
  stickerAttachmentType: "sticker" | "image";
  requireAppSecretProof: boolean;
};

export const DEFAULT_WEBHOOK_URL = "http://127.0.0.1:3000/api/webhooks/messenger";
export const DEFAULT_APP_SECRET = "switchboard-dev-app-secret"; // same default as server/env.ts
export const DEFAULT_VERIFY_TOKEN = "switchboard-dev-verify-token"; // same default as server/env.ts
export const DEFAULT_APP_ID = "1234567890";
/** Echoes of replies typed in Facebook's Page inbox carry the Page inbox app's id, not ours. */
export const PAGE_INBOX_APP_ID = "263902037430900";

export function settingsFrom(options: SimulatorOptions): SimulatorSettings {
  return {
    webhookUrl: options.webhookUrl ?? DEFAULT_WEBHOOK_URL,
    echoDelayMs: options.echoDelayMs ?? 30,
    sendEchoes: options.sendEchoes ?? true,
    sendDeliveries: options.sendDeliveries ?? true,
    webhookRetries: options.webhookRetries ?? 3,
    retryBaseDelayMs: options.retryBaseDelayMs ?? 250,
    webhookTimeoutMs: options.webhookTimeoutMs ?? 5000,
    rateLimitPerSecond: options.rateLimitPerSecond ?? 0,
    profileDelayMs: options.profileDelayMs ?? 0,
    sendDelayMs: options.sendDelayMs ?? 0,
    stickerAttachmentType: options.stickerAttachmentType ?? "sticker",
    requireAppSecretProof: options.requireAppSecretProof ?? false,
  };
}
