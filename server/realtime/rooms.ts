import { z } from "zod";
import { db } from "@/server/db";
import { visiblePagesWhere } from "@/server/services/pages/visible-pages";
import type { AuthedSocket } from "@/server/realtime/index";

// Room names and the join rules: a socket may join a page's room only if its actor may see that page.

export const pageRoom = (pageId: string) => `page:${pageId}`;
export const conversationRoom = (conversationId: string) => `conversation:${conversationId}`;

const ZJoinPage = z.object({ pageId: z.string().min(1).max(100) });

type Ack = (reply: { ok: boolean; error?: string }) => void;

export function registerRoomHandlers(socket: AuthedSocket): void {
  socket.on("join-page", async (payload: unknown, ack?: Ack) => {
    const parsed = ZJoinPage.safeParse(typeof payload === "string" ? { pageId: payload } : payload);
    if (!parsed.success) return ack?.({ ok: false, error: "pageId is required" });
    const { pageId } = parsed.data;
    // Accept our id or the Facebook page id, as clients may hold either.
    const page = await db.page
      .findFirst({ where: { AND: [visiblePagesWhere(socket.data.actor), { OR: [{ facebookPageId: pageId }, ...(isUuid(pageId) ? [{ id: pageId }] : [])] }] }, select: { id: true } })
      .catch(() => null);
    if (!page) return ack?.({ ok: false, error: "You cannot join this page" });
    await socket.join(pageRoom(page.id));
    ack?.({ ok: true });
  });
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
