import { AppError } from "@/server/http/errors";
import { agentMessageFor, GraphError } from "@/server/integrations/meta/graph-errors";
import { policyPausedText } from "@/lib/admin/page-health";
import type { VisibleComment } from "@/server/access/comments";

/** Before any answer to a comment: one that is gone cannot be answered, a Page that cannot send does not try. */
export function assertMayAnswer(comment: Pick<VisibleComment, "removedAt" | "page">): void {
  if (comment.removedAt) throw new AppError("unprocessable", "This comment was removed on Facebook.");
  if (comment.page.policyState === "blocked") throw new AppError("unprocessable", policyPausedText(comment.page.policyReason), { policy: "blocked" });
  if (comment.page.tokenStatus === "needs_token") throw new AppError("bad_gateway", agentMessageFor(new GraphError("token_invalid", "")));
}
