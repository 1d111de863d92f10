import { db } from "@/server/db";
import { AppError } from "@/server/http/errors";
import { agentMessageFor, GraphError } from "@/server/integrations/meta/graph-errors";
import { markNeedsToken } from "@/server/services/pages/connection/mark-needs-token";
import { checkThreadOwner } from "@/server/services/handover/get-thread-control";
import type { ControlledConversation } from "@/server/services/handover/find-controlled-conversation";

// Meta refused a take, pass or request (take_thread_control's documented errors: 551, 100, 190, 200, 230,
// 613): what the agent is told, and what Switchboard learns from it about the Page and the thread.

type Call = "take_thread_control" | "pass_thread_control" | "request_thread_control";

export const NOT_PRIMARY_TEXT =
  "Facebook refused: only the Page's primary receiver can take a conversation another app holds. Ask for control instead, or make Switchboard the primary receiver in the Page's Advanced messaging settings.";
export const NOT_OWNER_TEXT = "Facebook refused: Switchboard does not control this conversation any more.";

export async function handoverFailure(row: ControlledConversation, call: Call, error: unknown): Promise<AppError> {
  if (!(error instanceof GraphError)) return new AppError("bad_gateway", "Facebook did not answer. Please try again.");
  const details = { graph: { kind: error.kind, code: error.code ?? null, subcode: error.subcode ?? null } };
  switch (error.kind) {
    case "token_invalid":
      await markNeedsToken(row.page.id, `POST /${call}`);
      return new AppError("bad_gateway", agentMessageFor(error), details);
    case "permission_denied":
      if (call === "take_thread_control") {
        // Only a secondary receiver is refused a take: remember it, so the button asks for control next time.
        await db.page.updateMany({ where: { id: row.page.id }, data: { handoverRole: "secondary_receiver" } });
        return new AppError("conflict", NOT_PRIMARY_TEXT, details);
      }
      await checkThreadOwner(row);
      return new AppError("conflict", NOT_OWNER_TEXT, details);
    case "not_thread_owner":
      await checkThreadOwner(row);
      return new AppError("conflict", NOT_OWNER_TEXT, details);
    case "person_unavailable":
      return new AppError("unprocessable", agentMessageFor(error), details);
    case "invalid_parameter":
      // e.g. a target app that is not one of the Page's receivers
      return new AppError("unprocessable", `Facebook refused: ${error.message}`.slice(0, 500), details);
    case "rate_limited":
      return new AppError("rate_limited", agentMessageFor(error), details);
    case "transient":
      return new AppError("bad_gateway", agentMessageFor(error), details);
    default:
      return new AppError("bad_gateway", `Facebook refused: ${error.message}`.slice(0, 500), details);
  }
}
