import { z } from "zod";

// Sheet entries (PRODUCT §2 'Add Sheet Entry', §3 Sheet entry, §5 Sheet entry, §7 Sheets): shared by the
// admin's entry form and the /api/sheets handlers.

export const SHEET_FIELDS_REQUIRED = "Please fill out both Deposit and Redeem fields.";
export const SHEET_AMOUNT_NEGATIVE = "Deposit and Redeem can't be negative.";
export const SHEET_AMOUNT_NOT_A_NUMBER = "Deposit and Redeem must be numbers.";
export const SHEET_AMOUNT_TOO_PRECISE = "Deposit and Redeem can have at most 2 decimal places.";
/** The column is DECIMAL(14,2). */
export const SHEET_AMOUNT_MAX = 999_999_999_999.99;
export const SHEET_AMOUNT_TOO_LARGE = "Deposit and Redeem must be less than 1,000,000,000,000.";

const DECIMAL_TEXT = /^-?(\d+\.?\d*|\.\d+)$/;

/**
 * A money amount from a number input: a number or its text ("250", "12.50"); blank is "missing", not 0,
 * since the form must say 'Please fill out both…' rather than book an empty entry.
 */
export const ZSheetAmount = z.unknown().transform((raw, ctx): number => {
  const fail = (message: string) => {
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  };
  const text = typeof raw === "string" ? raw.trim() : raw;
  if (text === undefined || text === null || text === "") return fail(SHEET_FIELDS_REQUIRED);
  let value: number;
  if (typeof text === "number") value = text;
  else if (typeof text === "string" && DECIMAL_TEXT.test(text)) value = Number(text);
  else return fail(SHEET_AMOUNT_NOT_A_NUMBER);
  if (!Number.isFinite(value)) return fail(SHEET_AMOUNT_NOT_A_NUMBER);
  if (value < 0) return fail(SHEET_AMOUNT_NEGATIVE);
  if (Math.round(value * 100) / 100 !== value) return fail(SHEET_AMOUNT_TOO_PRECISE);
  if (value > SHEET_AMOUNT_MAX) return fail(SHEET_AMOUNT_TOO_LARGE);
  return value === 0 ? 0 : value; // no "-0" in the books
});

const requiredId = (name: string) => z.string({ error: `${name} is required` }).trim().min(1, `${name} is required`).max(100, `${name} is too long`);

// POST /api/sheets/create
export const ZCreateSheetEntry = z.object({
  deposit: ZSheetAmount,
  redeem: ZSheetAmount,
  pageId: requiredId("pageId"),
  conversationId: requiredId("conversationId"),
  // Accepted because the spec's client sends them, but ignored: the server reads both names from the
  // conversation, so a ledger row cannot be attributed to a page or person the client made up.
  pageName: z.string().max(1000).nullish(),
  customerName: z.string().max(1000).nullish(),
});
export type TCreateSheetEntry = z.infer<typeof ZCreateSheetEntry>;

/** A sheet entry as the API returns it. */
export type ApiSheetEntry = {
  _id: string;
  deposit: number;
  redeem: number;
  pageId: string | null;
  pageName: string;
  customerName: string;
  author: { _id: string; name: string } | null;
  created_at: string;
};
export type CreateSheetEntryResponse = { success: true; entry: ApiSheetEntry };
