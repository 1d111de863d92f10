import { ZPassControl } from "@/lib/schemas/handover";
import { route } from "@/server/http/route";
import { passControl } from "@/server/services/handover/pass-control";

// POST /api/conversations/pass-control — pass the thread back to the Page Inbox or the primary receiver
export const POST = route({ can: "conversations.work", body: ZPassControl }, ({ actor, body }) => passControl(actor, body));
