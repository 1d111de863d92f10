import { ZCreateSheetEntry } from "@/lib/schemas/sheets";
import { ROUTE_ROLES } from "@/lib/roles";
import { route } from "@/server/http/route";
import { createSheetEntry } from "@/server/services/sheets/create-sheet-entry";

// POST /api/sheets/create — book a deposit/redeem entry for a conversation's person (admins only)
export const POST = route({ roles: ROUTE_ROLES.company, body: ZCreateSheetEntry }, ({ actor, body }) => createSheetEntry(actor, body));
