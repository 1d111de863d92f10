import type { ApiInstagramAccount } from "@/lib/schemas/instagram";

// The Instagram account of a Page as the admin API returns it (lib/schemas/instagram.ts).

export const instagramSelect = { instagramId: true, username: true, pictureUrl: true, enabled: true, checkedAt: true, checkError: true, lastWebhookAt: true } as const;

type InstagramRow = { instagramId: string; username: string | null; pictureUrl: string | null; enabled: boolean; checkedAt: Date | null; checkError: string | null; lastWebhookAt: Date | null };

/** `pageSubscribedAt`: Instagram's webhooks come through the Page's own subscription. */
export function toApiInstagram(row: InstagramRow | null, pageSubscribedAt: Date | null): ApiInstagramAccount | null {
  if (!row) return null;
  return {
    id: row.instagramId,
    username: row.username,
    picture_url: row.pictureUrl,
    enabled: row.enabled,
    permitted: row.checkedAt !== null && row.checkError === null,
    subscribed: pageSubscribedAt !== null,
    checked_at: row.checkedAt?.toISOString() ?? null,
    check_error: row.checkError,
    last_event_at: row.lastWebhookAt?.toISOString() ?? null,
  };
}
