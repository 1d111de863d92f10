import { ZMarkCommentsRead } from "@/lib/schemas/comment-work";
import { route } from "@/server/http/route";
import { markCommentsRead } from "@/server/services/comments/mark-comments-read";

// POST /api/comments/mark-read — the comments the view shows are seen: out of the unread counts
export const POST = route({ can: "comments.work", body: ZMarkCommentsRead }, ({ actor, body }) => markCommentsRead(actor, body));
