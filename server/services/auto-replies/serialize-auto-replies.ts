import type { ApiAutoReplies } from "@/lib/schemas/auto-replies";

export type AutoReplySettings = { instantReplyOn: boolean; instantReplyText: string | null; awayReplyOn: boolean; awayReplyText: string | null; autoReplyEveryHours: number };

/** The admin API's shape of a Page's automatic replies. */
export function toApiAutoReplies(page: AutoReplySettings): ApiAutoReplies {
  return {
    instant: { enabled: page.instantReplyOn, text: page.instantReplyText ?? "" },
    away: { enabled: page.awayReplyOn, text: page.awayReplyText ?? "" },
    every_hours: page.autoReplyEveryHours,
  };
}
