import { ZWhitelistUrl } from "@/lib/schemas/whitelist";
import { route } from "@/server/http/route";
import { addWhitelistEntry, listWhitelist } from "@/server/services/whitelist/whitelist-entries";

// GET /api/urls — the company's approved URLs and patterns
export const GET = route({ can: "whitelist.manage" }, ({ actor }) => listWhitelist(actor));

// POST /api/urls — approve a URL, domain, *@email-domain or {host}/* wildcard
export const POST = route({ can: "whitelist.manage", body: ZWhitelistUrl }, ({ actor, body }) => addWhitelistEntry(actor, body));
