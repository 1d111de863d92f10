import { ZResponseReportQuery } from "@/lib/schemas/reports";
import { route } from "@/server/http/route";
import { responseReport } from "@/server/services/reports/response-report";
import { reportCsv } from "@/server/services/reports/report-csv";

// GET /api/reports/responses?from&to&pageId&agentId&label&format — response metrics by day and agent (JSON or CSV)
export const GET = route({ can: "reports.view", query: ZResponseReportQuery }, async ({ actor, query }) => {
  const report = await responseReport(actor, query);
  return query.format === "csv" ? reportCsv(report) : report;
});
