import type { ResponseReport } from "@/lib/contract/reports-api";
import { csvRow } from "@/server/services/sheets/csv";

const num = (n: number | null) => (n === null ? "" : String(Math.round(n)));
const pct = (n: number | null) => (n === null ? "" : (n * 100).toFixed(1));

/** GET /api/reports/responses?format=csv: the report's days, then its people, as one spreadsheet (times in business seconds). */
export function reportCsv(report: ResponseReport): Response {
  const parts = [
    "\uFEFF", // a BOM, so Excel reads the UTF-8 names intact
    csvRow(["Day", "Opened", "Done", "Median first response (s)", "Median reply (s)", "Median resolution (s)", "Response rate (%)"]),
    ...report.days.map((d) => csvRow([d.day, String(d.opened), String(d.done), num(d.firstResponseMedian), num(d.replyMedian), num(d.resolutionMedian), pct(d.responseRate)])),
    "\r\n",
    csvRow(["Agent", "Replies", "Median reply (s)", "First responses", "Median first response (s)", "Done"]),
    ...report.agents.map((a) => csvRow([a.name, String(a.replies), num(a.replyMedian), String(a.firstResponses), num(a.firstResponseMedian), String(a.done)])),
  ];
  return new Response(parts.join(""), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="responses-${report.from}-to-${report.to}.csv"`,
      "cache-control": "no-store",
    },
  });
}
