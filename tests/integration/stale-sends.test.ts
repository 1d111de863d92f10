import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { failStaleSends, STALE_SEND_MS, STALE_SEND_TEXT } from "@/server/services/outbound/fail-stale-sends";
import { findJob } from "@/workers/jobs";
import { makeCompany, makePage, makeUser } from "./support/factory";
import { makeConversation } from "./support/inbox-factory";
import { JOBS } from "@/server/queue/jobs";

// A reply is pending while its Send API call runs; one a stopped process left pending would say "Sending"
// forever. The worker's sweep (workers/jobs/stale-sends.ts) marks those failed — and only those.

describe("replies left pending by a stopped process", () => {
  it("are marked failed after STALE_SEND_MS; fresh, claimed and sent ones are left alone", async () => {
    const company = await makeCompany();
    const agent = await makeUser("staff", company.id);
    const page = await makePage(company.id, [agent.id]);
    const { conversation } = await makeConversation(page.id);
    const now = new Date();
    const old = new Date(now.getTime() - STALE_SEND_MS - 1_000);
    const reply = (text: string, createdAt: Date, extra: { mid?: string; sendStatus?: "pending" | "sent" } = {}) =>
      db.message.create({
        data: { conversationId: conversation.id, direction: "outbound", senderId: page.facebookPageId, authorId: agent.id, text, sendStatus: extra.sendStatus ?? "pending", mid: extra.mid, createdTime: createdAt, createdAt },
      });
    const stale = await reply("left behind", old);
    const fresh = await reply("still sending", new Date(now.getTime() - 5_000));
    const claimed = await reply("echo claimed it", old, { mid: "m_stale_claimed" });
    const sent = await reply("went out", old, { mid: "m_stale_sent", sendStatus: "sent" });

    expect(await failStaleSends(now)).toBe(1);
    const status = async (id: string) => db.message.findUniqueOrThrow({ where: { id }, select: { sendStatus: true, errorMessage: true } });
    expect(await status(stale.id)).toEqual({ sendStatus: "failed", errorMessage: STALE_SEND_TEXT });
    expect((await status(fresh.id)).sendStatus).toBe("pending");
    expect((await status(claimed.id)).sendStatus).toBe("pending");
    expect((await status(sent.id)).sendStatus).toBe("sent");
    expect(await failStaleSends(now)).toBe(0);
  });

  it("is a registered worker job", () => {
    expect(findJob(JOBS.failStaleSends.name)?.name).toBe(JOBS.failStaleSends.name);
  });
});
