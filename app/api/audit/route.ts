import { ZAuditQuery } from "@/lib/schemas/audit";
import { route } from "@/server/http/route";
import { listAudit } from "@/server/services/audit/list-audit";

// GET /api/audit?action&actor&from&to&cursor&limit — the company's audit log, newest first (company admins)
export const GET = route({ can: "audit.read", query: ZAuditQuery }, ({ actor, query }) => listAudit(actor, query));
