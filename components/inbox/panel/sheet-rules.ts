import { SHEET_FIELDS_REQUIRED, ZSheetAmount } from "@/lib/schemas/sheets";

// The sheet entry form's rule (PRODUCT §5 Sheet entry) and texts (PRODUCT §8).

export const SHEET_TEXTS = { success: "Success", failed: "Failed to create entry, please try again" } as const;

/** The first rule an amount pair breaks (PRODUCT §5 Sheet entry), or null when both are fine. */
export function sheetAmountsError(deposit: string, redeem: string): string | null {
  if (!deposit.trim() || !redeem.trim()) return SHEET_FIELDS_REQUIRED;
  for (const value of [deposit, redeem]) {
    const parsed = ZSheetAmount.safeParse(value);
    if (!parsed.success) return parsed.error.issues[0]?.message ?? SHEET_FIELDS_REQUIRED;
  }
  return null;
}
