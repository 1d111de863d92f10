import { ZPickerSessionParam } from "@/lib/schemas/facebook-login";
import { route } from "@/server/http/route";
import { listPickerPages } from "@/server/services/pages/facebook-login/list-picker-pages";

// GET /api/pages/facebook/session/{id} — the picker: the person's Pages, connected ones marked, no tokens
export const GET = route({ can: "pages.manage", params: ZPickerSessionParam }, ({ actor, params }) => listPickerPages(actor, params.id));
