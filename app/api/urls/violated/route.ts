import { route } from "@/server/http/route";
import { listViolations } from "@/server/services/whitelist/list-violations";

// GET /api/urls/violated — the company's violation log, newest first
export const GET = route({ can: "whitelist.manage" }, ({ actor }) => listViolations(actor));
