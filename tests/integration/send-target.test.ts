import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { findVisibleConversation } from "@/server/access/conversations";
import { findSendTarget } from "@/server/services/outbound/send-target";
import { makeVisibilityWorld } from "./support/factory";
import { makeConversation } from "./support/inbox-factory";

// An agent's reply reads its conversation, customer and page through plain pg (send-target.ts) instead of
// findVisibleConversation's Prisma query. This holds the two to the same answers: who may send where (a
// 404 for everyone else, by our page id or Facebook's), and the fields the send uses.

const outcome = <T,>(p: Promise<T>) => p.then((v) => ({ ok: v }), (e: Error) => ({ error: e.message }));

describe("the reply's send target", () => {
  it("is found for exactly the actors and page ids findVisibleConversation allows, with the same fields", async () => {
    const { staff, page, otherPage, actors } = await makeVisibilityWorld();
    const { conversation } = await makeConversation(page.id, { lastInboundAt: null });
    await db.conversation.update({ where: { id: conversation.id }, data: { assigneeId: staff.id } });
    await db.page.update({ where: { id: page.id }, data: { autoAssign: true, tokenStatus: "needs_token" } });
    await db.customer.update({ where: { id: conversation.customerId }, data: { avatarUrl: "https://example.com/a.png" } });

    let found = 0;
    for (const actor of actors) {
      for (const pageId of [undefined, page.id, page.facebookPageId, otherPage.id, "not-a-page"]) {
        for (const conversationId of [conversation.id, "not-a-uuid", "0190c0de-0000-7000-8000-000000000000"]) {
          const label = `${actor.role} ${pageId} ${conversationId}`;
          const oracle = await outcome(findVisibleConversation(actor, conversationId, pageId));
          const target = await outcome(findSendTarget(actor, conversationId, pageId));
          if (!("ok" in oracle)) {
            expect(target, label).toEqual(oracle);
            continue;
          }
          found++;
          expect("ok" in target, label).toBe(true);
          const o = oracle.ok;
          expect((target as { ok: unknown }).ok, label).toEqual({
            id: o.id,
            lastInboundAt: o.lastInboundAt,
            lastMessageText: o.lastMessageText,
            lastMessageIsImage: o.lastMessageIsImage,
            lastMessageAt: o.lastMessageAt,
            assigneeId: o.assigneeId,
            threadOwner: o.threadOwner,
            customer: { id: o.customer.id, psid: o.customer.psid, name: o.customer.name, avatarUrl: o.customer.avatarUrl, channel: o.customer.channel },
            page: {
              id: o.page.id,
              companyId: o.page.companyId,
              name: o.page.name,
              facebookPageId: o.page.facebookPageId,
              accessTokenEnc: o.page.accessTokenEnc,
              tokenStatus: o.page.tokenStatus,
              autoAssign: o.page.autoAssign,
              policyState: o.page.policyState,
              policyReason: o.page.policyReason,
            },
          });
        }
      }
    }
    // staff, the company admin and the super admin, each without a page id and with both of the page's.
    expect(found).toBe(9);
  });
});
