import { ZAway } from "@/lib/schemas/fair-queue";
import { route } from "@/server/http/route";
import { getAway, setAway } from "@/server/services/ownership/away";

// GET /api/inbox/away — whether the signed-in agent is away
export const GET = route({ can: "inbox.away" }, ({ actor }) => getAway(actor));

// PUT /api/inbox/away — set oneself away or available
export const PUT = route({ can: "inbox.away", body: ZAway }, ({ actor, body }) => setAway(actor, body));
