import { z } from "zod";

// The Instagram account linked to a Page, as the admin API returns it and the Page's health panel shows it
// (docs/API.md, "Instagram"), and the company admin's switch.

export const INSTAGRAM_NOT_PERMITTED = "The Page's token was not granted instagram_manage_messages. Connect the Page again with Facebook Login and allow Instagram messages.";
export const INSTAGRAM_NOT_LINKED = "No Instagram professional account is linked to this Page. Link one in the Page's settings on Facebook, then check again.";

/** PUT /api/pages/{id}/instagram: turn Instagram Direct on or off for the Page. */
export const ZSetInstagram = z.object({ enabled: z.boolean({ error: "enabled must be true or false" }) }).strict();
export type TSetInstagram = z.infer<typeof ZSetInstagram>;

export type ApiInstagramAccount = {
  /** The Instagram professional account id (entry[].id of its webhooks). */
  id: string;
  username: string | null;
  picture_url: string | null;
  /** A company admin turned it on: its messages come into the Page's inbox and agents answer them. */
  enabled: boolean;
  /** Graph answered for the account with the Page's token (instagram_basic, instagram_manage_messages). */
  permitted: boolean;
  /** The Page's webhook subscription, which carries Instagram's too. */
  subscribed: boolean;
  checked_at: string | null;
  check_error: string | null;
  last_event_at: string | null;
};
