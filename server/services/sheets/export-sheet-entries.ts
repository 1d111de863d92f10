import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { actorCompanyId } from "@/server/access/company";
import { csvRow } from "@/server/services/sheets/csv";

const BATCH = 1000;
export const SHEET_CSV_HEADER = ["Date (UTC)", "Page", "Customer", "Deposit", "Redeem", "Author"];

/** "2026-11-22 10:05:00": the form spreadsheets read as a date-time without help. */
function formatDate(date: Date): string {
  return date.toISOString().slice(0, 19).replace("T", " ");
}

/**
 * GET /api/sheets/export: the company's entries, oldest first like rows appended to a sheet, as CSV.
 * Read in keyset batches so a long ledger does not load as one query.
 */
export async function exportSheetEntries(actor: Actor, now = new Date()): Promise<Response> {
  const companyId = actorCompanyId(actor);
  // A BOM so Excel opens the UTF-8 file with names like "José" intact.
  const parts = ["\uFEFF", csvRow(SHEET_CSV_HEADER)];
  let cursor: string | undefined;
  for (;;) {
    const rows = await db.sheetEntry.findMany({
      where: { companyId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: BATCH,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
      select: { id: true, createdAt: true, pageName: true, customerName: true, deposit: true, redeem: true, authorName: true },
    });
    for (const r of rows) parts.push(csvRow([formatDate(r.createdAt), r.pageName, r.customerName, r.deposit.toFixed(2), r.redeem.toFixed(2), r.authorName]));
    if (rows.length < BATCH) break;
    cursor = rows[rows.length - 1]!.id;
  }
  const filename = `sheet-entries-${now.toISOString().slice(0, 10)}.csv`;
  return new Response(parts.join(""), {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${filename}"`, "cache-control": "no-store" },
  });
}
