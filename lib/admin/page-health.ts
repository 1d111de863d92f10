import { relativeTime } from "@/lib/format/relative-time";

// Beyond the spec: the pages tables say whether a page still works — its token (Facebook's error 190 marks
// it as needing a new one) and when its last webhook event arrived.

export type TokenStatus = "valid" | "needs_token";

export type PageHealth = {
  token: { ok: boolean; label: string };
  webhook: { ok: boolean; label: string };
};

export function pageHealth(page: { tokenStatus?: TokenStatus | null; lastWebhookAt?: string | null }, now: number = Date.now()): PageHealth {
  const tokenOk = page.tokenStatus !== "needs_token";
  const last = page.lastWebhookAt ? new Date(page.lastWebhookAt) : null;
  const seen = last !== null && !Number.isNaN(last.getTime());
  return {
    token: { ok: tokenOk, label: tokenOk ? "Token valid" : "Needs new token" },
    webhook: { ok: seen, label: seen ? `Last event ${relativeTime(last, now)}` : "No events yet" },
  };
}
