import type { Actor } from "@/server/services/auth/actor";
import { USER_SIGNED_OUT } from "@/lib/schemas/users";
import { endAllSessions } from "@/server/services/auth/end-sessions";
import { assertCanManage, findVisibleUser } from "@/server/access/users";
import { recordAudit } from "@/server/services/audit/record-audit";

/**
 * POST /api/users/{id}/sign-out: ends every session of a user the actor manages (a stolen token, a lost
 * phone). Who may is the ban's rule: another company's user is 404, a peer or superior 403. One's own
 * account is allowed (POST /api/auth/sign-out-everywhere does the same).
 */
export async function signOutUser(actor: Actor, id: string) {
  const target = await findVisibleUser(actor, id);
  assertCanManage(actor, target, "allowed");
  const sessions = await endAllSessions(target.id);
  if (target.companyId) await recordAudit({ companyId: target.companyId, actor, action: "user.signed_out", target: { type: "user", id: target.id, name: target.name }, details: { sessions } });
  return { success: true, message: USER_SIGNED_OUT, sessions };
}
