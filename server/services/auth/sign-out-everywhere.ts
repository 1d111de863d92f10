import type { Actor } from "@/server/services/auth/actor";
import { SIGNED_OUT_EVERYWHERE } from "@/lib/schemas/auth";
import { endAllSessions } from "@/server/services/auth/end-sessions";

/** POST /api/auth/sign-out-everywhere: ends every session of the signed-in user, this one included. */
export async function signOutEverywhere(actor: Actor) {
  return { success: true, message: SIGNED_OUT_EVERYWHERE, sessions: await endAllSessions(actor.id) };
}
