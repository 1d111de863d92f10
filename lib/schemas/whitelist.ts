import { z } from "zod";
import { validatePattern, WHITELIST_ERROR } from "@/lib/whitelist/patterns";

// Body of the whitelist add/update calls: { url }. PRODUCT §5 gives one message for every failure, a blank
// field included, so "required" reuses it rather than inventing a second text.

/** Long enough for any real URL; stops a megabyte "pattern" before it reaches the parser or the database. */
export const WHITELIST_URL_MAX_LENGTH = 2048;

export const ZWhitelistPattern = z
  .string({ error: WHITELIST_ERROR })
  .trim()
  .min(1, WHITELIST_ERROR)
  .max(WHITELIST_URL_MAX_LENGTH, WHITELIST_ERROR)
  .refine((value) => validatePattern(value).ok, WHITELIST_ERROR);

export const ZWhitelistUrl = z.object({ url: ZWhitelistPattern });
export type TWhitelistUrl = z.infer<typeof ZWhitelistUrl>;
