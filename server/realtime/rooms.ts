import { z } from "zod";
import { db } from "@/server/db";
import { visiblePagesWhere } from "@/server/access/pages";
import { isUuid } from "@/lib/ids";
import type { AuthedSocket } from "@/server/realtime/types";
import type { Role } from "@/lib/access/roles";
import { rolesFor } from "@/lib/access/permissions";
import { presenceJoined, presenceLeft } from "@/server/realtime/presence";
import { visiblePageIdFor } from "@/server/realtime/lookups";
import { fillBucket, spend, type Budget } from "@/server/realtime/budget";
import { CLIENT_EVENTS, type CatchUpReply, type JoinReply } from "@/lib/contract/socket-events";
import { feedMark, feedSince } from "@/server/realtime/page-feed";
import { conversationRoom, offersRoom, pageAdminRoom, pageRoom, userRoom } from "@/server/realtime/room-names";
import { logger } from "@/server/observability/log";

// The join rules (names in room-names.ts): a socket may join a page's room only if its actor may see that page.

/** Who may be in the inbox rooms at all (the super admin has no inbox, docs/API.md). */
export const INBOX_ROLES: readonly Role[] = rolesFor("conversations.read");
/** Who may follow bulk-offer progress. */
export const OFFER_ROLES: readonly Role[] = rolesFor("offers.manage");

const ZJoinPage = z.object({ pageId: z.string().min(1).max(100) });
const ZJoinConversation = z.object({ room: z.string().min(1).max(100) });

type Ack = (reply: JoinReply) => void;

/** Our page id for a page the socket's actor may see (clients may hold our id or Facebook's), or null. */
async function visiblePageId(socket: AuthedSocket, pageId: string): Promise<string | null> {
  return visiblePageIdFor(socket.data.actor, pageId).catch(() => null);
}

/**
 * Room joins per socket (budget.ts): the inbox joins one room per page when it connects (an admin may have a
 * hundred pages), then a few as the agent clicks around; a script asking thousands a second is cut to the
 * refill rate, each join being a database query.
 */
export const JOIN_BURST = 100;
export const JOINS_PER_SECOND = 10;
const JOIN_BUDGET: Budget = { burst: JOIN_BURST, perSecond: JOINS_PER_SECOND };
const TOO_MANY_JOINS = "Too many room joins; please slow down";

const mayJoin = (socket: AuthedSocket) => spend(socket.data, "join", JOIN_BUDGET);

// The handlers are shared by every socket (Socket.IO calls them with the socket as `this`): a closure per
// socket and event would be memory each of a Page's thousand sockets keeps.

/**
 * A handler that joins a room of a page the actor may see, for the roles that may be in such rooms. `withFeed`:
 * the answer says where the Page's feed stands, the number the browser's catch-up starts from (page-feed.ts).
 */
function pageRoomJoiner(roles: readonly Role[], room: (pageId: string) => string, refusal: string, withFeed = false) {
  return async function (this: AuthedSocket, payload: unknown, ack?: Ack) {
    if (!mayJoin(this)) return ack?.({ ok: false, error: TOO_MANY_JOINS });
    const parsed = ZJoinPage.safeParse(typeof payload === "string" ? { pageId: payload } : payload);
    if (!parsed.success) return ack?.({ ok: false, error: "pageId is required" });
    const pageId = roles.includes(this.data.actor.role) ? await visiblePageId(this, parsed.data.pageId) : null;
    if (!pageId) return ack?.({ ok: false, error: refusal });
    await this.join(room(pageId));
    if (!withFeed || !ack) return ack?.({ ok: true });
    const feed = await feedMark(pageId).catch(() => null);
    ack(feed ? { ok: true, feed } : { ok: true });
  };
}

const onJoinPage = pageRoomJoiner(INBOX_ROLES, pageRoom, "You cannot join this page", true);
// The scheduled-offers screen: offer-progress of the pages the admin may run offers on.
const onJoinOffers = pageRoomJoiner(OFFER_ROLES, offersRoom, "You cannot follow this page's offers");
// The Page screens: `page-updated` of the pages an admin manages.
const onJoinPageAdmin = pageRoomJoiner(rolesFor("pages.view"), pageAdminRoom, "You cannot follow this page");

// The room is the conversation id; a socket may watch one open conversation at a time. Its joins run one
// after the other: two asked at once both passed the access check and then both joined, leaving the socket
// in two conversations, the one it left still getting its presence (issue 41).
function onJoinConversation(this: AuthedSocket, payload: unknown, ack?: Ack): Promise<void> {
  const run = (this.data.conversationJoins ?? Promise.resolve()).then(() => joinConversation(this, payload, ack));
  this.data.conversationJoins = run.catch(() => {});
  return run;
}

async function joinConversation(socket: AuthedSocket, payload: unknown, ack?: Ack): Promise<void> {
  if (!mayJoin(socket)) return ack?.({ ok: false, error: TOO_MANY_JOINS });
  const parsed = ZJoinConversation.safeParse(typeof payload === "string" ? { room: payload } : payload);
  if (!parsed.success || !isUuid(parsed.data.room)) return ack?.({ ok: false, error: "room is required" });
  if (!INBOX_ROLES.includes(socket.data.actor.role)) return ack?.({ ok: false, error: "You cannot join this conversation" });
  const conversation = await db.conversation
    .findFirst({ where: { id: parsed.data.room, page: visiblePagesWhere(socket.data.actor) }, select: { id: true } })
    .catch(() => null);
  if (!conversation) return ack?.({ ok: false, error: "You cannot join this conversation" });
  for (const room of socket.rooms) {
    if (!room.startsWith("conversation:")) continue;
    await socket.leave(room);
    void presenceLeft(socket, room.slice("conversation:".length)).catch(() => {});
  }
  await socket.join(conversationRoom(conversation.id));
  ack?.({ ok: true });
  void presenceJoined(socket, conversation.id).catch((error: Error) => logger().error(`presence: ${error.message}`));
}

const ZCatchUp = z.object({ pageId: z.string().min(1).max(100), epoch: z.string().min(1).max(100), after: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) });

/** What came after `after` in the feed of a Page whose room the socket is in; a reset when the feed cannot tell. */
async function onCatchUp(this: AuthedSocket, payload: unknown, ack?: (reply: CatchUpReply) => void) {
  if (typeof ack !== "function") return;
  if (!mayJoin(this)) return ack({ ok: false, error: TOO_MANY_JOINS });
  const parsed = ZCatchUp.safeParse(payload);
  if (!parsed.success) return ack({ ok: false, error: "pageId, epoch and after are required" });
  // In the room = allowed to see the Page, now (a socket that lost access was taken out of it, evict-lost-rooms.ts).
  if (!this.rooms.has(pageRoom(parsed.data.pageId))) return ack({ ok: false, error: "Join the page first" });
  const events = await feedSince(parsed.data.pageId, parsed.data.epoch, parsed.data.after).catch(() => null);
  ack(events ? { ok: true, events } : { ok: true, reset: true });
}

async function onLeaveConversation(this: AuthedSocket, payload: unknown) {
  const room = typeof payload === "string" ? payload : (payload as { room?: unknown } | null)?.room;
  if (typeof room !== "string" || !this.rooms.has(conversationRoom(room))) return;
  await this.leave(conversationRoom(room));
  void presenceLeft(this, room).catch(() => {});
}

export function registerRoomHandlers(socket: AuthedSocket): void {
  void socket.join(userRoom(socket.data.actor.id));
  fillBucket(socket.data, "join", JOIN_BUDGET);
  socket.on(CLIENT_EVENTS.joinPage, onJoinPage);
  socket.on(CLIENT_EVENTS.joinOffers, onJoinOffers);
  socket.on(CLIENT_EVENTS.joinPageAdmin, onJoinPageAdmin);
  socket.on(CLIENT_EVENTS.joinConversation, onJoinConversation);
  socket.on(CLIENT_EVENTS.leaveConversation, onLeaveConversation);
  socket.on(CLIENT_EVENTS.catchUp, onCatchUp);
}
