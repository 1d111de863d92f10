import { db } from "@/server/db";
import { sendPagePolicyMail } from "@/server/integrations/mail/mailer";
import { announcePageStatus } from "@/server/services/pages/policy/page-status";
import { pauseOffersForBlock, resumeOffersAfterBlock } from "@/server/services/offers/policy-block";
import { mailPageAdmins } from "@/server/services/pages/mail-page-admins";

// messaging_policy_enforcement: Meta blocks, warns or unblocks a Page. The event is kept once (Meta
// retries deliveries, the quarantine re-runs events), which is what makes the admins' e-mail go out once
// per event. The page's state follows the newest event: a block pauses every send of the page (replies
// and offers), a warning only shows, an unblock clears either and resumes the offers the block paused.

export type PolicyInput = { action: "block" | "unblock" | "warning"; reason?: string; timestamp: number };

export async function applyPolicyEvent(page: { id: string }, event: PolicyInput): Promise<void> {
  const at = new Date(event.timestamp);
  const reason = event.reason?.trim().slice(0, 2000) || null;
  const { count: fresh } = await db.pagePolicyEvent.createMany({ data: [{ pageId: page.id, action: event.action, reason, occurredAt: at }], skipDuplicates: true });

  const changed = await applyToPage(page.id, event.action, reason, at);
  if (changed) {
    if (event.action === "block") await pauseOffersForBlock(page.id);
    if (event.action === "unblock") await resumeOffersAfterBlock(page.id);
    await announcePageStatus(page.id);
  }
  const { action } = event;
  if (fresh && action !== "unblock") await mailPageAdmins(page.id, "policy", (to, mailed) => sendPagePolicyMail(to, mailed, action, reason));
}

/** The page's state after the event, unless a newer event is already applied; true when it changed. */
async function applyToPage(pageId: string, action: PolicyInput["action"], reason: string | null, at: Date): Promise<boolean> {
  const newer = { OR: [{ policyAt: null }, { policyAt: { lt: at } }] };
  const { count } =
    action === "unblock"
      ? await db.page.updateMany({ where: { id: pageId, ...newer }, data: { policyState: null, policyReason: null, policyAt: at } })
      : await db.page.updateMany({
          // A warning never softens a block that stands: only an unblock lifts it.
          where: { id: pageId, AND: [newer, action === "warning" ? { OR: [{ policyState: null }, { policyState: "warning" }] } : {}] },
          data: { policyState: action === "block" ? "blocked" : "warning", policyReason: reason, policyAt: at },
        });
  return count === 1;
}
