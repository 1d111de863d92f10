import { ZCommentsQuery } from "@/lib/schemas/comments";
import { route } from "@/server/http/route";
import { listComments } from "@/server/services/comments/list-comments";

// GET /api/comments?pageId&cursor — the Page's posts with their comments, the most recently commented first
export const GET = route({ can: "comments.read", query: ZCommentsQuery }, ({ actor, query }) => listComments(actor, query));
