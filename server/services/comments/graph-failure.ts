import { AppError } from "@/server/http/errors";
import { agentMessageFor, GraphError } from "@/server/integrations/meta/graph-errors";
import { markPageRestricted } from "@/server/services/pages/policy/page-restricted";
import { markNeedsToken } from "@/server/services/pages/connection/mark-needs-token";
import { PRIVATE_REPLY_EXPIRED, PRIVATE_REPLY_SENT } from "@/lib/contract/comments-api";

/** Meta's refusals of a private reply (Send API with recipient.comment_id). */
export const ALREADY_REPLIED_CODE = 10900;
export const TOO_OLD_CODE = 10903;

/** A failed Graph call on a comment → the agent's error; `call` names it for the Page's token health. */
export async function commentActionFailure(pageId: string, call: string, error: unknown): Promise<AppError> {
  if (!(error instanceof GraphError)) return new AppError("bad_gateway", "Facebook did not answer. Please try again.");
  if (error.code === ALREADY_REPLIED_CODE) return new AppError("unprocessable", PRIVATE_REPLY_SENT);
  if (error.code === TOO_OLD_CODE) return new AppError("unprocessable", PRIVATE_REPLY_EXPIRED);
  if (error.kind === "token_invalid") await markNeedsToken(pageId, call);
  if (error.kind === "page_restricted") await markPageRestricted(pageId);
  const code = error.kind === "rate_limited" ? "rate_limited" : error.kind === "invalid_parameter" || error.kind === "unknown" ? "unprocessable" : "bad_gateway";
  const message = error.kind === "unknown" || error.kind === "invalid_parameter" ? `Facebook refused this: ${error.message}` : agentMessageFor(error);
  return new AppError(code, message, { graph: { kind: error.kind, code: error.code ?? null, subcode: error.subcode ?? null } });
}
