import { z } from "zod";
import { ZWhitelistUrl } from "@/lib/schemas/whitelist";
import { route } from "@/server/http/route";
import { deleteWhitelistEntry, updateWhitelistEntry } from "@/server/services/whitelist/whitelist-entries";

const params = z.object({ id: z.string().max(100) });

// PUT /api/urls/{id} — change an approved pattern
export const PUT = route({ can: "whitelist.manage", params, body: ZWhitelistUrl }, ({ actor, params, body }) => updateWhitelistEntry(actor, params.id, body));

// DELETE /api/urls/{id} — remove an approved pattern
export const DELETE = route({ can: "whitelist.manage", params }, ({ actor, params }) => deleteWhitelistEntry(actor, params.id));
