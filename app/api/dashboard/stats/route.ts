import { ZDashboardStatsQuery } from "@/lib/schemas/dashboard";
import { route } from "@/server/http/route";
import { dashboardStats } from "@/server/services/dashboard/dashboard-stats";

// GET /api/dashboard/stats?pageId= — {total, important, spam, byChannel, pages, updatedAt} for the dashboard cards
export const GET = route({ can: "dashboard.view", query: ZDashboardStatsQuery }, ({ actor, query }) => dashboardStats(actor, query.pageId));
