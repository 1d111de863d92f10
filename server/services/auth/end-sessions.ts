import { db } from "@/server/db";
import { disconnectRoom, disconnectUser } from "@/server/realtime/emit";
import { sessionRoom } from "@/server/realtime/room-names";

// Ending sessions, for signing out (one session, or all of a user's). The HTTP side needs nothing more than
// the deleted row: every request reads its session (server/services/auth/actor.ts). Open sockets are ended through
// the Socket.IO adapter on every app instance, and their reconnects meet the same check.

/** Ends one session of the user: its token is refused from now on, its sockets are closed. */
export async function endSession(userId: string, sessionId: string): Promise<void> {
  await db.session.deleteMany({ where: { id: sessionId, userId } });
  disconnectRoom(sessionRoom(sessionId));
}

/** Ends every session of the user; how many there were. */
export async function endAllSessions(userId: string): Promise<number> {
  const { count } = await db.session.deleteMany({ where: { userId } });
  disconnectUser(userId);
  return count;
}
