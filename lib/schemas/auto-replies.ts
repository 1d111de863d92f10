import { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "@/lib/schemas/messages";

// A Page's automatic replies (docs/PRODUCT.md §13.1; docs/API.md, "Automatic replies"): the company admin's
// settings in the Page's screen, and how the admin API returns them.

export const AUTO_REPLY_TEXT_REQUIRED = "Write the message to turn this reply on";
export const AUTO_REPLY_HOURS_RANGE = "Between 1 and 168 hours (one week)";

const reply = z
  .object({
    enabled: z.boolean({ error: "enabled must be true or false" }),
    text: z.string({ error: "text must be a string" }).trim().max(MESSAGE_MAX_LENGTH, `Messages can be at most ${MESSAGE_MAX_LENGTH} characters`),
  })
  .strict()
  .refine((r) => !r.enabled || r.text.length > 0, { message: AUTO_REPLY_TEXT_REQUIRED, path: ["text"] });

/** PUT /api/pages/{id}/auto-replies: both replies and N, the hours between two automatic replies to one conversation. */
export const ZSetAutoReplies = z
  .object({
    instant: reply,
    away: reply,
    every_hours: z.number({ error: AUTO_REPLY_HOURS_RANGE }).int(AUTO_REPLY_HOURS_RANGE).min(1, AUTO_REPLY_HOURS_RANGE).max(168, AUTO_REPLY_HOURS_RANGE),
  })
  .strict();
export type TSetAutoReplies = z.infer<typeof ZSetAutoReplies>;

/** The settings as the admin API returns them (a Page's `auto_replies`, and the PUT's answer). */
export type ApiAutoReplies = TSetAutoReplies;
