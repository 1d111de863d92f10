import type { RemoteSocket } from "socket.io";
import { db } from "@/server/db";
import { visiblePagesWhere } from "@/server/access/pages";
import { io } from "@/server/realtime/server";
import { INBOX_ROLES, OFFER_ROLES } from "@/server/realtime/rooms";
import { userRoom } from "@/server/realtime/room-names";

// When a user's access changes (pages assigned or taken away, role, ban, deletion), their already-open
// sockets must stop receiving what they may no longer see: the API answers 404 at once, and the socket
// must not keep delivering new-message events of that page. fetchSockets() goes through the Redis adapter,
// so sockets on every app instance are re-checked, not only this one's.

type Socket = RemoteSocket<Record<string, never>, unknown>;

const roomPage = (room: string) => /^(page|offers):(.+)$/.exec(room);
const roomConversation = (room: string) => /^conversation:(.+)$/.exec(room)?.[1] ?? null;

/**
 * Takes every socket of `userId` out of each page, offers and conversation room the user may no longer
 * see; ends them all when the user is gone or banned. Call it after the change is committed.
 */
export async function evictLostRooms(userId: string): Promise<void> {
  const server = io();
  if (!server) return;
  const sockets = (await server.in(userRoom(userId)).fetchSockets()) as unknown as Socket[];
  if (!sockets.length) return;

  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, role: true, companyId: true, isActive: true } });
  if (!user?.isActive) {
    for (const socket of sockets) socket.disconnect(true);
    return;
  }
  const visible = INBOX_ROLES.includes(user.role) || OFFER_ROLES.includes(user.role)
    ? new Set((await db.page.findMany({ where: visiblePagesWhere(user), select: { id: true } })).map((p) => p.id))
    : new Set<string>();
  const conversationIds = [...new Set(sockets.flatMap((s) => [...s.rooms].map(roomConversation).filter((id): id is string => id !== null)))];
  const conversationPage = new Map(
    (conversationIds.length ? await db.conversation.findMany({ where: { id: { in: conversationIds } }, select: { id: true, pageId: true } }) : []).map((c) => [c.id, c.pageId]),
  );

  for (const socket of sockets) {
    for (const room of socket.rooms) {
      const page = roomPage(room);
      const conversation = roomConversation(room);
      const allowed = page
        ? visible.has(page[2]!) && (page[1] === "page" ? INBOX_ROLES : OFFER_ROLES).includes(user.role)
        : conversation
          ? INBOX_ROLES.includes(user.role) && visible.has(conversationPage.get(conversation) ?? "")
          : true;
      if (!allowed) socket.leave(room);
    }
  }
}
