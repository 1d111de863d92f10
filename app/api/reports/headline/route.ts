import { ZHeadlineQuery } from "@/lib/schemas/reports";
import { route } from "@/server/http/route";
import { responseHeadline } from "@/server/services/reports/response-headline";

// GET /api/reports/headline?pageId= — the dashboard's response figures
export const GET = route({ can: "reports.view", query: ZHeadlineQuery }, ({ actor, query }) => responseHeadline(actor, query.pageId));
