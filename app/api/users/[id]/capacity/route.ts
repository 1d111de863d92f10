import { ZUserIdParam } from "@/lib/schemas/users";
import { ZCapacity } from "@/lib/schemas/fair-queue";
import { route } from "@/server/http/route";
import { getAgentCapacity, setAgentCapacity } from "@/server/services/users/agent-capacity";

// GET /api/users/{id}/capacity — an agent's capacity, away state and open conversations (company admins)
export const GET = route({ can: "users.capacity", params: ZUserIdParam }, ({ actor, params }) => getAgentCapacity(actor, params.id));

// PUT /api/users/{id}/capacity — set how many open conversations the fair queue gives them at most
export const PUT = route({ can: "users.capacity", params: ZUserIdParam, body: ZCapacity }, ({ actor, params, body }) => setAgentCapacity(actor, params.id, body));
