import { ZChangePassword } from "@/lib/schemas/users";
import { route } from "@/server/http/route";
import { changePassword } from "@/server/services/users/change-password";

// POST /api/auth/change-password — set or change the signed-in user's own password
export const POST = route({ body: ZChangePassword }, ({ actor, body }) => changePassword(actor, body));
