// Room names, apart from rooms.ts (the join rules) so that presence and the emitters can name a room
// without importing the join handlers (no import circle).

export const PAGE_ROOM_PREFIX = "page:";
export const pageRoom = (pageId: string) => `${PAGE_ROOM_PREFIX}${pageId}`;
export const conversationRoom = (conversationId: string) => `conversation:${conversationId}`;
/** Bulk-offer progress of a page: only for the roles that run offers (staff never see it). */
export const offersRoom = (pageId: string) => `offers:${pageId}`;
/** A page's health (policy blocks, handover role) on the admin Page screens: the roles that manage pages. */
export const pageAdminRoom = (pageId: string) => `page-admin:${pageId}`;
/** Every socket of one user, so a ban, a deletion or signing out everywhere can end their live sessions too. */
export const userRoom = (userId: string) => `user:${userId}`;
/** Every socket opened with one session's token, so signing out ends exactly those. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
