import { ZThreadControlQuery } from "@/lib/schemas/handover";
import { ROUTE_ROLES } from "@/lib/roles";
import { route } from "@/server/http/route";
import { getThreadControl } from "@/server/services/handover/get-thread-control";

// GET /api/conversations/thread-control — who controls the thread under Meta's handover protocol
export const GET = route({ roles: ROUTE_ROLES.chats, query: ZThreadControlQuery }, ({ actor, query }) => getThreadControl(actor, query));
