import { route } from "@/server/http/route";
import { myPages } from "@/server/services/pages/my-pages";

// GET /api/pages/me — {pages} the actor answers, with conversation and unread counts
export const GET = route({ can: "pages.mine"}, ({ actor }) => myPages(actor));
