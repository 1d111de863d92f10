import { ZUpdateEmail } from "@/lib/schemas/users";
import { route } from "@/server/http/route";
import { updateEmail } from "@/server/services/users/update-email";

// PUT /api/users/email — change a user's e-mail address {email, newEmail}
export const PUT = route({ can: "users.manage", body: ZUpdateEmail }, ({ actor, body }) => updateEmail(actor, body));
