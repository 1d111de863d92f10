import { ZAddPage } from "@/lib/schemas/pages";
import { json, route } from "@/server/http/route";
import { listPages } from "@/server/services/pages/manage/list-pages";
import { addPage } from "@/server/services/pages/manage/add-page";

// GET /api/pages — the pages the actor administers: all (super admin) or the company's
export const GET = route({ can: "pages.view" }, ({ actor }) => listPages(actor));

// POST /api/pages — connect a Facebook page for a user (and so to their company)
export const POST = route({ can: "pages.manage", body: ZAddPage }, async ({ actor, body }) =>
  json(await addPage(actor, body), { status: 201 }),
);
