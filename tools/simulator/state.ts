import { createFeedState, resetFeedState, type SimFeedState } from "./feed-state";
import { createHandoverState, resetHandoverState, type SimHandoverState } from "./handover-state";

// Everything the simulator remembers, in memory. Tests may read `simulator.state` directly; the HTTP
// control API (/sim/…) is a view over the same objects.

/** `instagram`: the Instagram professional account linked to the Page (GET /{page-id}?fields=instagram_business_account). */
export type SimPage = { pageId: string; name: string; accessToken: string; permissions?: string[]; instagram?: { id: string; username: string }; createdAt: number };

/** The app's webhook subscription on a page (POST /{page-id}/subscribed_apps). */
export type SimSubscription = { fields: string[]; at: number };

export type SimCustomer = {
  pageId: string;
  psid: string;
  firstName: string;
  lastName: string;
  /** instagram: writes to the Page's Instagram account; psid is then an IGSID (webhook/instagram.ts). */
  channel?: "messenger" | "instagram";
  /** An Instagram customer's @username (GET /{igsid}?fields=name,username,profile_pic). */
  username?: string;
  /** The profile endpoint answers a Graph error for this customer (tests the app's fallback). */
  profileError: boolean;
  /** Timestamp (ms) of the customer's last message or postback: the start of Meta's messaging window. */
  lastMessageAt?: number;
  createdAt: number;
};

export type OutgoingContent = {
  text?: string;
  attachment?: { type: string; url?: string; attachmentId?: string };
  metadata?: string;
};

/** A successful Send API call, as the Graph client made it. */
export type SentMessage = {
  pageId: string;
  psid: string;
  messagingType: string;
  tag?: string;
  /** The `message` object exactly as received. */
  message: unknown;
  content: OutgoingContent;
  mid: string;
  time: number;
  /** A private reply: the comment it answered (`recipient: {comment_id}`, graph/private-reply.ts). */
  privateReplyTo?: string;
};

/** A message the page sent outside our app (typed in Facebook's Page inbox): only its echo reaches us. */
export type InboxReply = { pageId: string; psid: string; mid: string; text: string; time: number };

export type InboundAttachment = {
  type: string;
  url?: string;
  stickerId?: number;
  title?: string;
  lat?: number;
  long?: number;
  /** reel, ig_reel */
  videoId?: string;
  /** appointment_booking (times in ms; Meta sends seconds) */
  booking?: { id: string; status: string; start: number; end: number; timezone: string };
};

/** What a simulated customer wrote, kept so the demo UI can show the whole thread. */
export type CustomerMessage = {
  pageId: string;
  psid: string;
  mid: string;
  text?: string;
  attachments: InboundAttachment[];
  timestamp: number;
  /** Ids of the webhook deliveries (state.events) that carried it: two when duplicated. */
  deliveryIds: number[];
};

export type DeliveryAttempt = { status: number | null; error?: string; responseBody?: string; at: number };

/** One webhook POST to the app (with its retries). */
export type WebhookDelivery = {
  id: number;
  kind: string;
  body: unknown;
  signature: string;
  attempts: DeliveryAttempt[];
  /** Final HTTP status of the last attempt; null while in flight or when the app was unreachable. */
  status: number | null;
  delivered: boolean;
  done: boolean;
  startedAt: number;
};

export type InjectedError = {
  id: number;
  /** The Graph call it fails: the Send API (default), the Conversations API read, or a comment call (graph/comments-api.ts). */
  endpoint: "messages" | "conversations" | "subscribed_apps" | "comments";
  pageId?: string;
  psid?: string;
  code: number;
  subcode?: number;
  message?: string;
  httpStatus?: number;
  remaining: number;
};

/** A made-up answer (POST /sim/answers): the next matching reads get `body` as it is, hostile or broken. */
export type InjectedAnswer = { id: number; endpoint: "conversations"; pageId?: string; psid?: string; body: unknown; remaining: number };

export type StoredAttachment = {
  attachmentId: string;
  pageId: string;
  type: string;
  /** Where the image lives: the URL given at upload, or the simulator's own copy of an uploaded file. */
  url: string;
  file?: { bytes: Buffer; contentType: string; filename: string };
  reusable: boolean;
};

/** One Graph API request as received; the query keeps its parameter names only (no tokens). */
export type GraphRequestRecord = { method: string; path: string; params: string[]; at: number };

export type SimulatorState = {
  pages: Map<string, SimPage>;
  /** Keyed by `${pageId}:${psid}`: PSIDs are page-scoped. */
  customers: Map<string, SimCustomer>;
  attachments: Map<string, StoredAttachment>;
  sent: SentMessage[];
  inboxReplies: InboxReply[];
  customerMessages: CustomerMessage[];
  /** Sender actions (typing_on, typing_off, mark_seen) the page sent, oldest first. */
  senderActions: { pageId: string; psid: string; action: string; time: number }[];
  /** How often each customer message was edited (message_edit's num_edit). */
  editCounts: Map<string, number>;
  events: WebhookDelivery[];
  errors: InjectedError[];
  answers: InjectedAnswer[];
  /** Send API calls that are carried out but whose answer never reaches the caller (POST /sim/lose-answers). */
  lostAnswers: { id: number; pageId?: string; psid?: string; remaining: number; when: "after-send" | "before-send" }[];
  /** Send API calls that are carried out but answer only on POST /sim/release-answers (POST /sim/hold-answers). */
  holdAnswers: { id: number; pageId?: string; psid?: string; remaining: number; holdEcho: boolean }[];
  /** The releases of the calls held now, oldest first. */
  heldAnswers: (() => void)[];
  /** Send API call times per page, for the optional rate limit. */
  sendTimes: Map<string, number[]>;
  /** Page id → the app's subscription; absent when not subscribed. */
  subscriptions: Map<string, SimSubscription>;
  /** Every Graph API request received, oldest first, path exactly as it arrived (GET /sim/requests); the newest 10 000. */
  graphRequests: GraphRequestRecord[];
  /** Facebook Login: codes handed out by the dialog (single use) and the user tokens issued for them. */
  oauthCodes: Map<string, { redirectUri: string; expiresAt: number }>;
  userTokens: Set<string>;
  /** Handover protocol: thread owners per person, our app's role per Page (handover.ts). */
  handover: SimHandoverState;
  /** The Pages' posts and the comments under them (feed.ts). */
  feed: SimFeedState;
  nextId: number;
};

export function createState(): SimulatorState {
  return {
    pages: new Map(),
    customers: new Map(),
    attachments: new Map(),
    sent: [],
    inboxReplies: [],
    customerMessages: [],
    editCounts: new Map(),
    senderActions: [],
    events: [],
    errors: [],
    answers: [],
    lostAnswers: [],
    holdAnswers: [],
    heldAnswers: [],
    sendTimes: new Map(),
    subscriptions: new Map(),
    graphRequests: [],
    oauthCodes: new Map(),
    userTokens: new Set(),
    handover: createHandoverState(),
    feed: createFeedState(),
    nextId: 1,
  };
}

export const customerKey = (pageId: string, psid: string) => `${pageId}:${psid}`;

export function findCustomer(state: SimulatorState, pageId: string, psid: string): SimCustomer | undefined {
  return state.customers.get(customerKey(pageId, psid));
}

/** Forgets traffic; pages and customers survive unless `all` (so a test can reset between cases). */
export function resetState(state: SimulatorState, all: boolean): void {
  state.sent.length = 0;
  state.inboxReplies.length = 0;
  state.customerMessages.length = 0;
  state.editCounts.clear();
  state.senderActions.length = 0;
  state.events.length = 0;
  state.errors.length = 0;
  state.answers.length = 0;
  state.lostAnswers.length = 0;
  state.holdAnswers.length = 0;
  for (const release of state.heldAnswers.splice(0)) release(); // nothing stays open across a reset
  state.sendTimes.clear();
  state.graphRequests.length = 0;
  resetHandoverState(state.handover, all);
  resetFeedState(state.feed, all);
  if (!all) return;
  state.subscriptions.clear();
  state.oauthCodes.clear();
  state.userTokens.clear();
  state.pages.clear();
  state.customers.clear();
  state.attachments.clear();
}
