import { route } from "@/server/http/route";
import { exportSheetEntries } from "@/server/services/sheets/export-sheet-entries";

// GET /api/sheets/export — the company's sheet entries as a CSV download (admins only)
export const GET = route({ can: "sheets.export"}, ({ actor }) => exportSheetEntries(actor));
