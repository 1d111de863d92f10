import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { attachMid } from "@/server/services/outbound/attach-mid";
import { makeCompany, makePage, makeUser } from "./support/factory";
import { makeConversation } from "./support/inbox-factory";

// After the Send API answers, the agent's pending row takes Meta's message id (send-message.ts). The echo
// webhook can get there first: it either claimed the pending row already, or stored its own row.

async function pendingReply() {
  const company = await makeCompany();
  const agent = await makeUser("staff", company.id);
  const page = await makePage(company.id, [agent.id]);
  const { conversation } = await makeConversation(page.id);
  const pending = await db.message.create({
    data: { conversationId: conversation.id, direction: "outbound", senderId: page.facebookPageId, authorId: agent.id, text: "On its way", sendStatus: "pending", createdTime: new Date() },
  });
  return { page, conversation, agent, pending };
}

describe("attaching Meta's id to a sent reply", () => {
  it("gives the pending row the id and marks it sent", async () => {
    const { pending, agent } = await pendingReply();
    const row = await attachMid(pending.id, "m_answer_1", { id: agent.id, name: agent.name });
    expect(row).toMatchObject({ id: pending.id, mid: "m_answer_1", sendStatus: "sent", author: { id: agent.id, name: agent.name } });
  });

  it("keeps one row, the agent's, when the echo already stored the message as its own row", async () => {
    const { page, conversation, agent, pending } = await pendingReply();
    await db.message.create({ data: { conversationId: conversation.id, mid: "m_answer_2", direction: "outbound", senderId: page.facebookPageId, text: "On its way", isEcho: true, sendStatus: "sent", createdTime: new Date() } });
    const row = await attachMid(pending.id, "m_answer_2", { id: agent.id, name: agent.name });
    expect(row).toMatchObject({ id: pending.id, mid: "m_answer_2", sendStatus: "sent" });
    const rows = await db.message.findMany({ where: { conversationId: conversation.id }, select: { id: true, authorId: true } });
    expect(rows).toEqual([{ id: pending.id, authorId: agent.id }]);
  });

  it("marks it sent when the echo had already claimed the pending row with the id", async () => {
    const { conversation, pending, agent } = await pendingReply();
    await db.message.update({ where: { id: pending.id }, data: { mid: "m_answer_3" } });
    const row = await attachMid(pending.id, "m_answer_3", { id: agent.id, name: agent.name });
    expect(row).toMatchObject({ id: pending.id, mid: "m_answer_3", sendStatus: "sent" });
    expect(await db.message.count({ where: { conversationId: conversation.id } })).toBe(1);
  });
});
