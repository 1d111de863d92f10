import { z } from "zod";

// "Connect with Facebook" (Facebook Login for Business): the start call, the picker and the connect call.

export const ZStartFacebookLogin = z.object({
  user_id: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => v || undefined),
});
export type TStartFacebookLogin = z.infer<typeof ZStartFacebookLogin>;

const ZSessionId = z.string().trim().min(1, "The Facebook login session is missing").max(100).regex(/^[\w-]+$/, "Invalid Facebook login session");

export const ZPickerSessionParam = z.object({ id: ZSessionId });

export const PICK_AT_LEAST_ONE = "Please select at least one page to connect";
export const PICKER_EXPIRED = "This Facebook login has expired. Please connect with Facebook again.";

export const ZConnectPickedPages = z.object({
  session: ZSessionId,
  pageIds: z
    .array(z.string().trim().regex(/^\d{1,30}$/, "Invalid page id"), { error: PICK_AT_LEAST_ONE })
    .min(1, PICK_AT_LEAST_ONE)
    .max(100)
    .transform((ids) => [...new Set(ids)]),
});
export type TConnectPickedPages = z.infer<typeof ZConnectPickedPages>;

/** A Page in the picker: never its token. `connected`: already in Switchboard (ours or another company's). */
export type PickerPage = { id: string; name: string; connected: boolean; ours: boolean };
export type ConnectResult = { page_id: string; name: string; ok: boolean; error?: string; _id?: string };
/** GET /api/pages/facebook/callback: what Facebook appends to the redirect (all optional; the service checks them). */
export const ZFacebookCallbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_reason: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});
