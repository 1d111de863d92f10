import type { ApiSheetEntry } from "@/lib/schemas/sheets";

// The API shape of a sheet entry (PRODUCT §3 Sheet entry).

export const sheetEntrySelect = {
  id: true,
  deposit: true,
  redeem: true,
  pageId: true,
  pageName: true,
  customerName: true,
  authorId: true,
  authorName: true,
  createdAt: true,
} as const;

type Amount = { toFixed(digits: number): string };
type SheetEntryRow = { id: string; deposit: Amount; redeem: Amount; pageId: string | null; pageName: string; customerName: string; authorId: string | null; authorName: string; createdAt: Date };

export function toApiSheetEntry(row: SheetEntryRow): ApiSheetEntry {
  return {
    _id: row.id,
    deposit: Number(row.deposit.toFixed(2)),
    redeem: Number(row.redeem.toFixed(2)),
    pageId: row.pageId,
    pageName: row.pageName,
    customerName: row.customerName,
    author: row.authorId ? { _id: row.authorId, name: row.authorName } : null,
    created_at: row.createdAt.toISOString(),
  };
}
