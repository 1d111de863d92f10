import { ZThreadControlQuery } from "@/lib/schemas/handover";
import { route } from "@/server/http/route";
import { getThreadControl } from "@/server/services/handover/get-thread-control";

// GET /api/conversations/thread-control — who controls the thread under Meta's handover protocol
export const GET = route({ can: "conversations.read", query: ZThreadControlQuery }, ({ actor, query }) => getThreadControl(actor, query));
