import { AppError } from "@/server/http/errors";
import { policyPausedText } from "@/lib/admin/page-health";
import { controlNotice, PAGE_INBOX_NAME } from "@/lib/inbox/thread-control";
import type { SendTarget } from "@/server/services/outbound/send-target";

// Why a reply may not go out before Meta is even asked (docs/DECISIONS.md "Sending while another app
// holds the thread"): Meta blocked the page (policy enforcement), or another app controls the thread
// (handover protocol). The agent's reply stays in the composer; neither is retried by itself.

export function assertMaySend(target: Pick<SendTarget, "threadOwner" | "page">): void {
  if (target.page.policyState === "blocked") throw new AppError("unprocessable", policyPausedText(target.page.policyReason), { policy: "blocked" });
  if (target.threadOwner === "page_inbox" || target.threadOwner === "other_app") {
    const notice = controlNotice({
      canReply: false,
      owner: target.threadOwner,
      ownerName: target.threadOwner === "page_inbox" ? PAGE_INBOX_NAME : "Another app",
      takeAction: "take",
    });
    throw new AppError("conflict", notice ?? "Another app controls this conversation.", { threadControl: target.threadOwner });
  }
}
