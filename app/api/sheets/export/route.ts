import { ROUTE_ROLES } from "@/lib/roles";
import { route } from "@/server/http/route";
import { exportSheetEntries } from "@/server/services/sheets/export-sheet-entries";

// GET /api/sheets/export — the company's sheet entries as a CSV download (admins only)
export const GET = route({ roles: ROUTE_ROLES.company }, ({ actor }) => exportSheetEntries(actor));
