import { ZCreateSheetEntry } from "@/lib/schemas/sheets";
import { route } from "@/server/http/route";
import { createSheetEntry } from "@/server/services/sheets/create-sheet-entry";

// POST /api/sheets/create — book a deposit/redeem entry for a conversation's person (admins only)
export const POST = route({ can: "sheets.book", body: ZCreateSheetEntry }, ({ actor, body }) => createSheetEntry(actor, body));
