import { afterAll, beforeAll } from "vitest";
import { db } from "@/server/db";
import { encryptSecret } from "@/server/security/secret-box";
import type { Role } from "@/lib/access/roles";
import { actorFromToken } from "@/server/services/auth/actor";
import type { ApiRoute } from "./route-table";
import { makeCompany, makeUser, tokenFor } from "./factory";
import { keepAliveClient, startRealServer, type RealServer } from "./real-server";

// The generated security tests' shared ground (route-matrix.test.ts, route-fuzz.test.ts): how each route is
// aimed at a set of objects, and a world of two companies with one of everything.

export type Objects = {
  companyId: string; pageId: string; facebookPageId: string; conversationId: string; instagramConversationId: string; psid: string; labelId: string;
  noteId: string; replyId: string; urlId: string; offerId: string; userId: string; userEmail: string; ownerId: string; commentId: string; commentNoteId: string;
};
export type RouteRequest = {
  params?: Record<string, string>; query?: Record<string, string>; body?: unknown;
  /**
   * The route ends the caller's own sessions (sign-out): it is sent by a new user of the caller's role and
   * company, so the world's tokens keep working for the routes after it.
   */
  standIn?: true;
};
/**
 * How a route is aimed at someone else's objects. `page`: the objects hang off a page (checked for another
 * company and for an unassigned page); `company`: company-level objects (another company only); `none`:
 * nothing to aim at (lists, own session, public endpoints) — only the no-leak check applies.
 */
export type Target = { scope: "page" | "company" | "none"; request: (o: Objects) => RouteRequest };

const ref = (o: Objects) => ({ pageId: o.pageId, conversationId: o.conversationId });
export const TARGETS: Record<string, Target> = {
  // Super admin only: deliveries that could not be processed belong to no company yet.
  "GET /api/admin/webhook-quarantine": { scope: "none", request: (o) => ({ query: { facebookPageId: o.facebookPageId } }) },
  "POST /api/admin/webhook-quarantine/[id]/retry": { scope: "none", request: () => ({ params: { id: "1" } }) },
  // A signed URL is the capability; without a valid signature every key is a 404.
  "GET /api/attachments/[key]": { scope: "none", request: () => ({ params: { key: "0123456789abcdef0123456789abcdef" }, query: { expires: "9999999999", sig: "forged" } }) },
  "POST /api/auth/ban-user": { scope: "company", request: (o) => ({ body: { id: o.userId, isActive: false } }) },
  "POST /api/auth/change-password": { scope: "none", request: () => ({ body: { newPassword: "secret-pass", confirmPassword: "secret-pass" } }) },
  "GET /api/auth/me": { scope: "none", request: () => ({}) },
  "POST /api/auth/otp": { scope: "none", request: (o) => ({ body: { email: o.userEmail } }) },
  // Both end only the caller's own sessions: there is nothing of another company to aim at.
  "POST /api/auth/sign-out": { scope: "none", request: () => ({ standIn: true }) },
  "POST /api/auth/sign-out-everywhere": { scope: "none", request: () => ({ standIn: true }) },
  // Creating a user: a companyName from another company is ignored, the user joins the creator's own.
  "POST /api/auth/signup": { scope: "none", request: (o) => ({ body: { name: "Mallory", email: "mallory-signup@example.test", role: "staff", companyName: o.companyId } }) },
  "GET /api/auth/users": { scope: "none", request: () => ({}) },
  "POST /api/auth/verify": { scope: "none", request: (o) => ({ body: { email: o.userEmail, otp: "123456" } }) },
  "GET /api/conversation/[conversationId]/[pageId]": { scope: "page", request: (o) => ({ params: ref(o) }) },
  "GET /api/conversations/[pageId]": { scope: "page", request: (o) => ({ params: { pageId: o.pageId } }) },
  "POST /api/conversations/assign": { scope: "page", request: (o) => ({ body: { ...ref(o), assigneeId: null } }) },
  "POST /api/conversations/status": { scope: "page", request: (o) => ({ body: { conversationIds: [o.conversationId], pageId: o.pageId, status: "done" } }) },
  "POST /api/conversations/bulk-assign": { scope: "page", request: (o) => ({ body: { conversationIds: [o.conversationId], pageId: o.pageId, assigneeId: null } }) },
  "POST /api/conversations/bulk-label": { scope: "page", request: (o) => ({ body: { conversationIds: [o.conversationId], pageId: o.pageId, tags: [{ tag: "stolen" }] } }) },
  "GET /api/conversations/thread-control": { scope: "page", request: (o) => ({ query: ref(o) }) },
  "POST /api/conversations/take-control": { scope: "page", request: (o) => ({ body: ref(o) }) },
  "POST /api/conversations/pass-control": { scope: "page", request: (o) => ({ body: { ...ref(o), target: "page_inbox" } }) },
  "POST /api/conversations/mark-important": { scope: "page", request: (o) => ({ body: ref(o) }) },
  "PUT /api/conversations/mark-read": { scope: "page", request: (o) => ({ body: ref(o) }) },
  "POST /api/conversations/mark-spam": { scope: "page", request: (o) => ({ body: ref(o) }) },
  "POST /api/conversations/sender-action": { scope: "page", request: (o) => ({ body: { ...ref(o), action: "typing_on" } }) },
  "GET /api/conversations/stats": { scope: "page", request: (o) => ({ query: { pageId: o.pageId } }) },
  "GET /api/dashboard/stats": { scope: "page", request: (o) => ({ query: { pageId: o.pageId } }) },
  "GET /api/reports/responses": { scope: "page", request: (o) => ({ query: { pageId: o.pageId, from: "2026-11-01", to: "2026-11-30" } }) },
  "GET /api/reports/headline": { scope: "page", request: (o) => ({ query: { pageId: o.pageId } }) },
  // The caller's own company's setting: there is nothing of another company to aim at.
  "GET /api/reports/business-hours": { scope: "none", request: () => ({}) },
  "PUT /api/reports/business-hours": { scope: "none", request: () => ({ body: { timezone: "Europe/Berlin", businessHours: null } }) },
  "GET /api/reports/targets": { scope: "none", request: () => ({}) },
  "PUT /api/reports/targets": { scope: "none", request: () => ({ body: { firstResponseTargetMinutes: 60, nextResponseTargetMinutes: 30, breachEmail: false } }) },
  "GET /api/health": { scope: "none", request: () => ({}) },
  "GET /api/inbox/agents": { scope: "page", request: (o) => ({ query: { pageId: o.pageId } }) },
  "GET /api/inbox/settings": { scope: "page", request: (o) => ({ query: { pageId: o.pageId } }) },
  "PUT /api/inbox/settings": { scope: "page", request: (o) => ({ body: { pageId: o.pageId, autoAssign: true } }) },
  // The caller's own company's log: there is nothing of another company to aim at (pageWithData writes an entry to leak).
  "GET /api/audit": { scope: "none", request: () => ({}) },
  "GET /api/inbox/queue": { scope: "page", request: (o) => ({ query: { pageId: o.pageId } }) },
  "PUT /api/inbox/queue": { scope: "page", request: (o) => ({ body: { pageId: o.pageId, fairQueue: true } }) },
  // The caller's own away switch: there is nothing of another company to aim at.
  "GET /api/inbox/away": { scope: "none", request: () => ({}) },
  "PUT /api/inbox/away": { scope: "none", request: () => ({ body: { away: true } }) },
  "GET /api/health/live": { scope: "none", request: () => ({}) },
  "GET /api/health/ready": { scope: "none", request: () => ({}) },
  "GET /api/metrics": { scope: "none", request: () => ({}) },
  "GET /api/labels/[id]": { scope: "page", request: (o) => ({ params: { id: o.pageId } }) },
  "DELETE /api/labels/[id]": { scope: "page", request: (o) => ({ params: { id: o.labelId } }) },
  "POST /api/labels": { scope: "page", request: (o) => ({ body: { name: "Mine now", color: "red", page_id: o.pageId } }) },
  "PUT /api/notes/[id]": { scope: "page", request: (o) => ({ params: { id: o.noteId }, body: { ...ref(o), note: "overwritten" } }) },
  "DELETE /api/notes/[id]": { scope: "page", request: (o) => ({ params: { id: o.noteId } }) },
  "GET /api/notes": { scope: "page", request: (o) => ({ query: ref(o) }) },
  "GET /api/comments": { scope: "page", request: (o) => ({ query: { pageId: o.pageId } }) },
  "DELETE /api/comments/[id]": { scope: "page", request: (o) => ({ params: { id: o.commentId } }) },
  "POST /api/comments/[id]/reply": { scope: "page", request: (o) => ({ params: { id: o.commentId }, body: { text: "planted" } }) },
  "POST /api/comments/[id]/private-reply": { scope: "page", request: (o) => ({ params: { id: o.commentId }, body: { text: "planted" } }) },
  "POST /api/comments/[id]/like": { scope: "page", request: (o) => ({ params: { id: o.commentId }, body: { liked: true } }) },
  "POST /api/comments/[id]/hide": { scope: "page", request: (o) => ({ params: { id: o.commentId }, body: { hidden: true } }) },
  "POST /api/comments/[id]/assign": { scope: "page", request: (o) => ({ params: { id: o.commentId }, body: { assigneeId: null } }) },
  "POST /api/comments/[id]/status": { scope: "page", request: (o) => ({ params: { id: o.commentId }, body: { status: "done" } }) },
  "POST /api/comments/mark-read": { scope: "page", request: (o) => ({ body: { pageId: o.pageId, commentIds: [o.commentId] } }) },
  "GET /api/comments/[id]/notes": { scope: "page", request: (o) => ({ params: { id: o.commentId } }) },
  "POST /api/comments/[id]/notes": { scope: "page", request: (o) => ({ params: { id: o.commentId }, body: { text: "planted" } }) },
  "PATCH /api/comment-notes/[id]": { scope: "page", request: (o) => ({ params: { id: o.commentNoteId }, body: { text: "planted" } }) },
  "DELETE /api/comment-notes/[id]": { scope: "page", request: (o) => ({ params: { id: o.commentNoteId } }) },
  "POST /api/comments/[id]/labels": { scope: "page", request: (o) => ({ params: { id: o.commentId }, body: { name: "planted" } }) },
  "DELETE /api/comments/[id]/labels": { scope: "page", request: (o) => ({ params: { id: o.commentId }, query: { name: "vip" } }) },
  "POST /api/notes": { scope: "page", request: (o) => ({ body: { ...ref(o), note: "planted" } }) },
  "POST /api/offers/[id]/cancel": { scope: "page", request: (o) => ({ params: { id: o.offerId } }) },
  "POST /api/offers/[id]/pause": { scope: "page", request: (o) => ({ params: { id: o.offerId } }) },
  "POST /api/offers/[id]/resume": { scope: "page", request: (o) => ({ params: { id: o.offerId } }) },
  "GET /api/offers/preview": { scope: "page", request: (o) => ({ query: { pageId: o.pageId } }) },
  "GET /api/offers": { scope: "none", request: () => ({}) },
  "POST /api/offers/schedule-label": { scope: "page", request: (o) => ({ body: { pageId: o.pageId, type: "text", tags: ["vip"], message: "Sale" } }) },
  "POST /api/offers/schedule": { scope: "page", request: (o) => ({ body: { pageId: o.pageId, type: "text", tags: [], message: "Sale" } }) },
  "POST /api/page-labels/assign": { scope: "page", request: (o) => ({ body: { ...ref(o), tags: [{ tag: "stolen" }] } }) },
  "POST /api/page-labels/remove-tag": { scope: "page", request: (o) => ({ body: { ...ref(o), tagToRemove: "vip" } }) },
  "GET /api/pages/[id]": { scope: "company", request: (o) => ({ params: { id: o.pageId } }) },
  "PUT /api/pages/[id]": { scope: "company", request: (o) => ({ params: { id: o.pageId }, body: { name: "Renamed", page_id: o.facebookPageId } }) },
  "DELETE /api/pages/[id]": { scope: "company", request: (o) => ({ params: { id: o.pageId } }) },
  "POST /api/pages/assign": { scope: "company", request: (o) => ({ body: { userId: o.userId, pageIds: [o.pageId] } }) },
  "GET /api/pages/details/[id]": { scope: "company", request: (o) => ({ params: { id: o.pageId } }) },
  // Facebook Login: the state and picker sessions are bound to the user who started the login, so there is
  // no object of another company to aim at; a made-up session is 404 for everyone.
  "POST /api/pages/facebook/start": { scope: "none", request: () => ({ body: {} }) },
  "GET /api/pages/facebook/callback": { scope: "none", request: () => ({ query: { code: "AQBx-made-up-code", state: "made.up" } }) },
  "GET /api/pages/facebook/session/[id]": { scope: "none", request: () => ({ params: { id: "made-up-session" } }) },
  "POST /api/pages/facebook/connect": { scope: "none", request: (o) => ({ body: { session: "made-up-session", pageIds: [o.facebookPageId] } }) },
  "POST /api/pages/[id]/reconnect": { scope: "company", request: (o) => ({ params: { id: o.pageId } }) },
  "PUT /api/pages/[id]/instagram": { scope: "company", request: (o) => ({ params: { id: o.pageId }, body: { enabled: true } }) },
  "POST /api/pages/[id]/instagram": { scope: "company", request: (o) => ({ params: { id: o.pageId } }) },
  "PUT /api/pages/[id]/auto-replies": { scope: "company", request: (o) => ({ params: { id: o.pageId }, body: { instant: { enabled: true, text: "Thanks, we will answer soon" }, away: { enabled: false, text: "" }, every_hours: 12 } }) },
  // Checks a token with Graph and saves nothing: there is no object of another company to aim at.
  "POST /api/pages/verify": { scope: "none", request: (o) => ({ body: { page_id: o.facebookPageId, page_access_token: "EAAB-token-for-another-company-page" } }) },
  "GET /api/pages/me": { scope: "none", request: () => ({}) },
  "GET /api/pages": { scope: "none", request: () => ({}) },
  "POST /api/pages": { scope: "company", request: (o) => ({ body: { name: "Claimed", page_id: "987654321012345", user_id: o.ownerId, page_access_token: "EAAB-token-for-another-company-page" } }) },
  "POST /api/pages/unassign": { scope: "company", request: (o) => ({ body: { userId: o.userId, pageId: o.pageId } }) },
  "GET /api/pages/user/[userId]": { scope: "company", request: (o) => ({ params: { userId: o.userId } }) },
  "GET /api/replies/[id]": { scope: "page", request: (o) => ({ params: { id: o.pageId } }) },
  "PUT /api/replies/[id]": { scope: "page", request: (o) => ({ params: { id: o.replyId }, body: { shortcut: "hijack", message: "x", page_id: o.pageId } }) },
  "DELETE /api/replies/[id]": { scope: "page", request: (o) => ({ params: { id: o.replyId } }) },
  "POST /api/replies": { scope: "page", request: (o) => ({ body: { shortcut: "planted", message: "x", page_id: o.pageId } }) },
  "POST /api/send-message": { scope: "page", request: (o) => ({ body: { ...ref(o), text: "hello from elsewhere" } }) },
  "POST /api/send-message/retry": { scope: "page", request: (o) => ({ body: { ...ref(o), messageId: "00000000-0000-4000-8000-000000000000" } }) },
  "POST /api/sheets/create": { scope: "page", request: (o) => ({ body: { ...ref(o), deposit: 1, redeem: 0 } }) },
  "GET /api/sheets/export": { scope: "none", request: () => ({}) },
  "GET /api/uploads/[name]": { scope: "none", request: () => ({ params: { name: "0123456789abcdef0123456789abcdef.png" } }) },
  "POST /api/uploads": { scope: "none", request: () => ({}) },
  "PUT /api/urls/[id]": { scope: "company", request: (o) => ({ params: { id: o.urlId }, body: { url: "evil.example" } }) },
  "DELETE /api/urls/[id]": { scope: "company", request: (o) => ({ params: { id: o.urlId } }) },
  "GET /api/urls": { scope: "none", request: () => ({}) },
  "POST /api/urls": { scope: "none", request: () => ({ body: { url: "mine.example" } }) },
  "GET /api/urls/violated": { scope: "none", request: () => ({}) },
  "GET /api/users/[id]": { scope: "company", request: (o) => ({ params: { id: o.userId } }) },
  "DELETE /api/users/[id]": { scope: "company", request: (o) => ({ params: { id: o.userId } }) },
  "POST /api/users/[id]/sign-out": { scope: "company", request: (o) => ({ params: { id: o.userId } }) },
  "GET /api/users/[id]/capacity": { scope: "company", request: (o) => ({ params: { id: o.userId } }) },
  "PUT /api/users/[id]/capacity": { scope: "company", request: (o) => ({ params: { id: o.userId }, body: { capacity: 0 } }) },
  "GET /api/users/company-users": { scope: "none", request: () => ({}) },
  "PUT /api/users/email": { scope: "company", request: (o) => ({ body: { email: o.userEmail, newEmail: "taken-over@example.test" } }) },
  "POST /api/users": { scope: "none", request: (o) => ({ body: { name: "Mallory", email: "mallory@example.test", role: "staff", companyName: o.companyId } }) },
  "GET /api/webhooks/messenger": { scope: "none", request: () => ({ query: { "hub.mode": "subscribe", "hub.verify_token": "wrong", "hub.challenge": "x" } }) },
};

/** The super admin runs the back office for every company (docs/API.md): these routes are theirs to use. */
export const SUPER_ADMIN_SEES_ALL = new Set([
  "POST /api/auth/ban-user", "GET /api/auth/users", "POST /api/auth/signup", "POST /api/users", "GET /api/users/[id]", "DELETE /api/users/[id]", "POST /api/users/[id]/sign-out",
  "PUT /api/users/email", "GET /api/pages", "POST /api/pages", "GET /api/pages/[id]", "PUT /api/pages/[id]", "DELETE /api/pages/[id]",
  "GET /api/pages/details/[id]", "GET /api/pages/user/[userId]", "GET /api/dashboard/stats", "POST /api/pages/[id]/reconnect",
  "PUT /api/pages/[id]/instagram", "POST /api/pages/[id]/instagram", "PUT /api/pages/[id]/auto-replies",
]);
/**
 * Admins administer every page of their company but answer only assigned ones (docs/DECISIONS.md): the
 * back office's company-wide views show unassigned pages too.
 */
export const ADMIN_SEES_COMPANY_PAGES = new Set(["GET /api/dashboard/stats", "GET /api/pages", "GET /api/urls/violated", "GET /api/sheets/export"]);

let seq = 0;
async function tenant(label: string) {
  const n = ++seq;
  const company = await makeCompany(`${label} Co`);
  const owner = await makeUser("company_admin", company.id, { name: `${label} Owner`, email: `${label.toLowerCase()}-owner-${n}@example.test` });
  const staff = await makeUser("staff", company.id, { name: `${label} Staffer`, email: `${label.toLowerCase()}-staff-${n}@example.test` });
  return { company, owner, staff, objects: (page: Awaited<ReturnType<typeof pageWithData>>): Objects => ({ companyId: company.id, userId: staff.id, userEmail: staff.email, ownerId: owner.id, ...page }) };
}

/** A page with one of everything, every text carrying `marker` so a leak is easy to spot. */
async function pageWithData(companyId: string, marker: string, authorId: string, assignees: string[] = []) {
  const facebookPageId = String(500_000_000_000_000 + ++seq);
  const page = await db.page.create({ data: { companyId, name: `${marker} Page`, facebookPageId, accessTokenEnc: encryptSecret(`${marker}-token-padding-padding`) } });
  for (const userId of assignees) await db.pageAssignment.create({ data: { userId, pageId: page.id } });
  const customer = await db.customer.create({ data: { pageId: page.id, psid: String(9_100_000_000_000 + seq), name: `${marker} Customer` } });
  // Its Instagram account, off: turning it on from another company must fail and change nothing.
  await db.instagramAccount.create({ data: { pageId: page.id, instagramId: `178414${String(seq).padStart(11, "0")}`, username: `${marker.toLowerCase()}.insta` } });
  const conversation = await db.conversation.create({ data: { pageId: page.id, customerId: customer.id, lastMessageText: `${marker} last words`, lastInboundAt: new Date(), lastMessageAt: new Date() } });
  // And a Direct conversation on it: Instagram's rooms and rows are the Page's, guarded the same way.
  const igCustomer = await db.customer.create({ data: { pageId: page.id, channel: "instagram", psid: String(9_200_000_000_000 + seq), name: `${marker} Insta Customer` } });
  const igConversation = await db.conversation.create({ data: { pageId: page.id, customerId: igCustomer.id, channel: "instagram", lastMessageText: `${marker} insta words`, lastInboundAt: new Date(), lastMessageAt: new Date() } });
  await db.message.create({ data: { conversationId: conversation.id, direction: "inbound", senderId: customer.psid, text: `${marker} secret message`, sendStatus: "received", createdTime: new Date() } });
  const label = await db.label.create({ data: { pageId: page.id, name: `${marker.toLowerCase()}-vip`, color: "red" } });
  await db.customerTag.create({ data: { pageId: page.id, customerId: customer.id, conversationId: conversation.id, name: "vip" } });
  const note = await db.note.create({ data: { pageId: page.id, conversationId: conversation.id, authorId, text: `${marker} private note` } });
  const reply = await db.savedReply.create({ data: { pageId: page.id, createdById: authorId, shortcut: `${marker}-hello`, message: `${marker} saved reply` } });
  const url = await db.whitelistEntry.create({ data: { companyId, url: `${marker.toLowerCase()}.example`, createdById: authorId } });
  const offer = await db.offer.create({ data: { companyId, pageId: page.id, createdById: authorId, createdByName: "x", type: "text", offerType: "general", message: `${marker} offer`, tags: [], targetCount: 1, status: "paused" } });
  await db.violation.create({ data: { companyId, userId: authorId, userName: "x", pageId: page.id, pageName: page.name, urls: ["x.example"], message: `${marker} violation` } });
  await db.sheetEntry.create({ data: { companyId, pageId: page.id, pageName: page.name, customerName: customer.name, deposit: 1, redeem: 0, authorId, authorName: "x" } });
  await db.auditEntry.create({ data: { companyId, actorId: authorId, actorName: `${marker} Auditor`, action: "page.updated", targetType: "page", targetId: page.id, targetName: page.name } });
  const post = await db.post.create({ data: { pageId: page.id, channel: "messenger", externalId: `${facebookPageId}_1`, text: `${marker} post` } });
  const comment = await db.comment.create({
    data: { pageId: page.id, postId: post.id, channel: "messenger", externalId: `1_${seq}`, authorId: customer.psid, authorName: `${marker} Commenter`, text: `${marker} comment`, createdTime: new Date() },
  });
  const commentNote = await db.commentNote.create({ data: { pageId: page.id, commentId: comment.id, authorId, text: `${marker} comment note` } });
  await db.commenterTag.create({ data: { pageId: page.id, channel: "messenger", authorId: customer.psid, name: "vip" } });
  return { commentId: comment.id, commentNoteId: commentNote.id, pageId: page.id, facebookPageId, conversationId: conversation.id, instagramConversationId: igConversation.id, psid: customer.psid, labelId: label.id, noteId: note.id, replyId: reply.id, urlId: url.id, offerId: offer.id };
}

/** Everything a tenant owns that a request could change, for a before/after comparison. */
export async function snapshot(companyId: string) {
  const pages = await db.page.findMany({ where: { companyId }, orderBy: { id: "asc" }, select: { id: true, name: true, tokenStatus: true, instantReplyOn: true, instantReplyText: true, awayReplyOn: true, autoReplyEveryHours: true, fairQueue: true, assignments: { select: { userId: true } } } });
  const pageIds = pages.map((p) => p.id);
  return JSON.stringify({
    targets: await db.company.findUnique({ where: { id: companyId }, select: { firstResponseTargetMinutes: true, nextResponseTargetMinutes: true, breachEmail: true } }),
    pages,
    instagram: await db.instagramAccount.findMany({ where: { pageId: { in: pageIds } }, orderBy: { pageId: "asc" }, select: { pageId: true, instagramId: true, enabled: true, checkedAt: true } }),
    users: await db.user.findMany({ where: { companyId }, orderBy: { id: "asc" }, select: { id: true, email: true, isActive: true, role: true, capacity: true, isAway: true } }),
    conversations: await db.conversation.findMany({ where: { pageId: { in: pageIds } }, orderBy: { id: "asc" }, select: { id: true, isImportant: true, isSpam: true, unreadCount: true, status: true, snoozedUntil: true, assigneeId: true } }),
    messages: await db.message.count({ where: { conversation: { pageId: { in: pageIds } } } }),
    labels: await db.label.findMany({ where: { pageId: { in: pageIds } }, orderBy: { id: "asc" }, select: { id: true, name: true } }),
    tags: await db.customerTag.findMany({ where: { pageId: { in: pageIds } }, orderBy: { name: "asc" }, select: { name: true } }),
    notes: await db.note.findMany({ where: { pageId: { in: pageIds } }, orderBy: { id: "asc" }, select: { id: true, text: true } }),
    replies: await db.savedReply.findMany({ where: { pageId: { in: pageIds } }, orderBy: { id: "asc" }, select: { id: true, shortcut: true, message: true } }),
    urls: await db.whitelistEntry.findMany({ where: { companyId }, orderBy: { id: "asc" }, select: { id: true, url: true } }),
    offers: await db.offer.findMany({ where: { companyId }, orderBy: { id: "asc" }, select: { id: true, status: true } }),
    sheets: await db.sheetEntry.count({ where: { companyId } }),
    audit: await db.auditEntry.count({ where: { companyId } }),
    comments: await db.comment.findMany({ where: { pageId: { in: pageIds } }, orderBy: { id: "asc" }, select: { id: true, text: true, hidden: true, likedAt: true, removedAt: true, privateReplyAt: true, assigneeId: true, status: true, snoozedUntil: true, seenAt: true } }),
    commentNotes: await db.commentNote.findMany({ where: { pageId: { in: pageIds } }, orderBy: { id: "asc" }, select: { id: true, text: true } }),
    commenterTags: await db.commenterTag.findMany({ where: { pageId: { in: pageIds } }, orderBy: { name: "asc" }, select: { authorId: true, name: true } }),
  });
}

export async function world() {
  const root = await makeUser("super_admin", null, { name: "Root" });
  const home = await tenant("Home");
  const admin = await makeUser("admin", home.company.id, { name: "Home Admin" });
  const own = home.objects(await pageWithData(home.company.id, "HOMEOWN", home.owner.id, [home.staff.id, admin.id]));
  const hidden = home.objects(await pageWithData(home.company.id, "ZZHIDDEN", home.owner.id));
  const foreign = await tenant("Foreign");
  const away = foreign.objects(await pageWithData(foreign.company.id, "ZZFOREIGN", foreign.owner.id, [foreign.staff.id]));
  const actors: Record<Role, string> = {
    super_admin: await tokenFor(root),
    company_admin: await tokenFor(home.owner),
    admin: await tokenFor(admin),
    staff: await tokenFor(home.staff),
  };
  return { home, foreign, own, hidden, away, actors };
}

/** The token of a new user with the role and company of `token`'s user. */
async function standInFor(token: string): Promise<string> {
  const actor = await actorFromToken(token);
  return tokenFor(await makeUser(actor.role, actor.companyId, { name: `Stand-in ${actor.name}` }));
}

/** A URL cannot carry a lone surrogate: Next would see U+FFFD in its place. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export type SendOptions = {
  rawBody?: string;
  contentType?: string;
  /** The body without Content-Length (Transfer-Encoding: chunked). */
  chunked?: boolean;
  /** Another method than the route's (a 405). */
  method?: string;
  /** Without the bearer token (a 401 before any body is read). */
  signedOut?: boolean;
};

let transport: { server: RealServer; client: ReturnType<typeof keepAliveClient> } | null = null;

/**
 * The generated tests call every route through the real server (server/lifecycle/app-server.ts, the path
 * production takes) on one keep-alive connection: each request is the next one on the connection the
 * previous left, so an answer that leaves the connection unusable fails the request after it ("no answer").
 */
export function throughRealServer(): void {
  beforeAll(async () => {
    const server = await startRealServer();
    transport = { server, client: keepAliveClient(server.url) };
  });
  afterAll(async () => {
    transport?.client.close();
    await transport?.server.close();
    transport = null;
  });
}

/** Calls the route through the real server; the body is the parsed JSON, or the text (the CSV export). */
export async function send(route: ApiRoute, token: string, request: RouteRequest, init: SendOptions = {}) {
  if (!transport) throw new Error("the test file must call throughRealServer()");
  if (request.standIn) token = await standInFor(token);
  let path = route.path;
  for (const [name, value] of Object.entries(request.params ?? {})) path = path.replace(`[${name}]`, encodeURIComponent(value.replace(LONE_SURROGATE, "\ufffd")));
  const url = new URL(`http://localhost${path}`);
  for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = init.signedOut ? {} : { authorization: `Bearer ${token}` };
  if (request.body !== undefined || init.contentType) headers["content-type"] = init.contentType ?? "application/json";
  const method = init.method ?? route.method;
  const body = init.rawBody ?? (method === "GET" || request.body === undefined ? undefined : JSON.stringify(request.body));
  const res = await transport.client.send(method, `${url.pathname}${url.search}`, { headers, body, chunked: init.chunked });
  let parsed: unknown = res.body;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    // not JSON: keep the text for the leak check
  }
  return { status: res.status, body: parsed };
}
