import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { SIGNED_OUT } from "@/lib/schemas/auth";
import { endSession } from "@/server/services/auth/end-sessions";

/** POST /api/auth/sign-out: ends the session of the token the request came with (its other sessions stay). */
export async function signOut(actor: Actor, sessionId: string | null) {
  // The route authenticated this token, so it has a session; null would be a token read differently twice.
  if (!sessionId) throw new AppError("unauthorized", "Please sign in again");
  await endSession(actor.id, sessionId);
  return { success: true, message: SIGNED_OUT };
}
