import { z } from "zod";
import type { HealthState, PolicyState } from "@/lib/admin/page-health";
import type { ApiInstagramAccount } from "@/lib/schemas/instagram";
import type { ApiAutoReplies } from "@/lib/schemas/auto-replies";
import { requiredText } from "@/lib/schemas/form-text";

// Page administration rules and texts (PRODUCT §5 Add page / Edit page / Assign pages, §8 Pages), shared by
// the add/edit page forms, the Assign Pages modal and the /api/pages handlers. Values are trimmed.

export const PAGE_NAME_MIN_LENGTH = 2;
export const PAGE_NAME_MAX_LENGTH = 100;
export const PAGE_ID_MAX_LENGTH = 30;
export const ACCESS_TOKEN_MIN_LENGTH = 20;
/** Real page tokens are a few hundred characters; the cap keeps garbage out of the encrypted column. */
export const ACCESS_TOKEN_MAX_LENGTH = 2048;
export const ASSIGN_MAX_PAGES = 500;

export const PAGE_NAME_REQUIRED = "Page name is required";
export const PAGE_NAME_TOO_SHORT = "Page name must be at least 2 characters";
export const PAGE_NAME_TOO_LONG = "Page name must be at most 100 characters";
export const PAGE_ID_REQUIRED = "Page ID is required";
export const PAGE_ID_DIGITS_ONLY = "Page ID must contain only numbers";
export const PAGE_ID_TOO_LONG = "Page ID must be at most 30 digits";
export const ACCESS_TOKEN_REQUIRED = "Page access token is required";
export const ACCESS_TOKEN_TOO_SHORT = "Access token appears to be too short";
export const ACCESS_TOKEN_TOO_LONG = "Access token is too long";
export const ACCESS_TOKEN_BAD_CHARACTERS = "Access token contains characters a Facebook token never has";
export const PAGE_OWNER_REQUIRED = "Please choose the user to add the page for";
export const PAGE_ALREADY_EXISTS = "This Facebook page already exists";
/** What the add/edit forms show for a 400 whose message contains 'already exists' (PRODUCT §8). */
export const PAGE_ALREADY_ADDED_UI = "This Facebook page has already been added to the system.";

// Token checks on connect (Graph GET /me, debug_token): what the form shows for each refusal.
export const TOKEN_INVALID = "Facebook says this access token is invalid or has expired. Generate a new Page access token and try again.";
export const TOKEN_IS_USER_TOKEN = "This is a user access token. Paste the Page access token of this page instead.";
export const TOKEN_NO_MESSAGING = "This token lacks the pages_messaging permission. Grant it to your Meta app for this page, then generate a new token.";
export const GRAPH_UNREACHABLE = "Facebook could not be reached to check the token. Nothing was saved; please try again in a moment.";
export const tokenOfOtherPage = (owner: { id: string; name: string }, pageId: string) =>
  `This token belongs to ${owner.name ? `"${owner.name}" (ID ${owner.id})` : `ID ${owner.id}`}, not to page ${pageId}. Use the access token of page ${pageId}.`;

export const SELECT_PAGES_REQUIRED = "Please select at least one page to assign";
export const ASSIGN_USER_REQUIRED = "Please select a user";
export const PAGE_REQUIRED = "Please select a page";
export const TOO_MANY_PAGES = "You can assign at most 500 pages at once";

export const PAGES_ASSIGNED = "Pages assigned successfully!";
export const PAGE_ACCESS_REMOVED = "Pages access removed successfully!";

export const ZPageName = requiredText(PAGE_NAME_REQUIRED).min(PAGE_NAME_MIN_LENGTH, PAGE_NAME_TOO_SHORT).max(PAGE_NAME_MAX_LENGTH, PAGE_NAME_TOO_LONG);

/** Facebook page ids are digits; a client may send one as a JSON number, which is read as its digits. */
export const ZFacebookPageId = z.preprocess(
  (value) => (typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? String(value) : value),
  requiredText(PAGE_ID_REQUIRED).regex(/^\d+$/, PAGE_ID_DIGITS_ONLY).max(PAGE_ID_MAX_LENGTH, PAGE_ID_TOO_LONG),
);

export const ZAccessToken = requiredText(ACCESS_TOKEN_REQUIRED)
  .min(ACCESS_TOKEN_MIN_LENGTH, ACCESS_TOKEN_TOO_SHORT)
  .max(ACCESS_TOKEN_MAX_LENGTH, ACCESS_TOKEN_TOO_LONG)
  // Facebook tokens are printable ASCII; anything else cannot even travel in a request to Graph.
  .regex(/^[\x21-\x7e]+$/, ACCESS_TOKEN_BAD_CHARACTERS);

const ZOptionalUserId = z
  .string()
  .trim()
  .max(100)
  .nullish()
  .transform((v) => v || undefined);

/**
 * POST /api/pages. `user_id` is whose page it is, and so which company it joins: required from the super
 * admin (the /{userId}/add-page screen), optional for a company admin (defaults to themselves).
 */
export const ZAddPage = z.object({
  name: ZPageName,
  page_id: ZFacebookPageId,
  user_id: ZOptionalUserId,
  page_access_token: ZAccessToken,
});
export type TAddPage = z.infer<typeof ZAddPage>;

/** PUT /api/pages/{id}: the same rules; the token is optional and only sent (and stored) when filled. */
export const ZUpdatePage = z.object({
  name: ZPageName,
  page_id: ZFacebookPageId,
  user_id: ZOptionalUserId,
  page_access_token: z.preprocess((value) => (typeof value === "string" && !value.trim()) || value === null ? undefined : value, ZAccessToken.optional()),
});
export type TUpdatePage = z.infer<typeof ZUpdatePage>;

/** POST /api/pages/verify: check a token before saving (the form's "Check token"). */
export const ZCheckPageToken = z.object({ page_id: ZFacebookPageId, page_access_token: ZAccessToken });
export type TCheckPageToken = z.infer<typeof ZCheckPageToken>;

const ZRefId = (required: string) => requiredText(required).max(100);

/** POST /api/pages/assign: the modal sends the full desired selection, which becomes the user's page set. */
export const ZAssignPages = z.object({
  userId: ZRefId(ASSIGN_USER_REQUIRED),
  pageIds: z
    .array(ZRefId(SELECT_PAGES_REQUIRED), { error: SELECT_PAGES_REQUIRED })
    .min(1, SELECT_PAGES_REQUIRED)
    .max(ASSIGN_MAX_PAGES, TOO_MANY_PAGES)
    .transform((ids) => [...new Set(ids)]),
});
export type TAssignPages = z.infer<typeof ZAssignPages>;

/** POST /api/pages/unassign: remove one page from a user (the chip's × in the modal). */
export const ZUnassignPage = z.object({ userId: ZRefId(ASSIGN_USER_REQUIRED), pageId: ZRefId(PAGE_REQUIRED) });
export type TUnassignPage = z.infer<typeof ZUnassignPage>;

export const ZPageIdParam = z.object({ id: z.string().max(100) });

/** A page as the admin API returns it (PRODUCT §3 Page (server)); the access token is never included. */
export type ApiPage = {
  _id: string;
  page_id: string;
  name: string;
  user_id: string | null;
  created_at: string;
  conversationCount: number;
  tokenStatus: "valid" | "needs_token";
  /** lib/admin/page-health.ts: healthy | needs_token | unverified | not_subscribed. */
  health: HealthState;
  tokenErrorAt: string | null;
  /** The Graph call that answered 190, e.g. "POST /messages". */
  tokenErrorCall: string | null;
  verifiedAt: string | null;
  subscribedAt: string | null;
  subscriptionError: string | null;
  import: ImportProgress | null;
  lastWebhookAt: string | null;
  /** Meta's latest block or warning of the page (messaging_policy_enforcement); null when none stands. */
  policy: PagePolicy | null;
  /** Switchboard's handover role on the page and the page's other apps (docs/WEBHOOKS.md "Handover roles"). */
  handover: PageHandoverInfo;
  /** The Instagram professional account linked to the Page (lib/schemas/instagram.ts); null when none is known. */
  instagram: ApiInstagramAccount | null;
  /** The Page's automatic replies (docs/PRODUCT.md §13.1). */
  auto_replies: ApiAutoReplies;
  /** Webhook events of this page kept in the quarantine (never processed); on the single-page answers only. */
  quarantinedEvents?: number;
  company: { _id: string; name: string };
};

export type PagePolicy = { state: PolicyState; reason: string | null; at: string | null };
export type PageHandoverInfo = {
  role: "primary_receiver" | "secondary_receiver" | null;
  apps: { id: string; name: string | null; roles: string[] }[];
  checkedAt: string | null;
};
/** The socket's `page-updated`: a page's health changed (a policy block, warning or unblock; its handover role). */
export type PageStatus = { pageId: string; health: HealthState; policy: PagePolicy | null; handover: PageHandoverInfo };

export type ImportProgress = { state: "running" | "done" | "failed"; done: number; total: number };

export type ApiPageDetails = ApiPage & {
  owner: { _id: string; name: string; email: string } | null;
  assignedUsers: { _id: string; name: string; email: string; role: string }[];
  counts: { conversations: number; labels: number; savedReplies: number; notes: number; assignedUsers: number };
};
