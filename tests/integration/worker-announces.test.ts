import { Queue } from "bullmq";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { createRedis } from "@/server/redis";
import { queueNameFor } from "@/server/queue/index";
import { SERVER_EVENTS } from "@/lib/contract/socket-events";
import { eventually, openSocket } from "./support/channel";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { makeConversation } from "./support/inbox-factory";
import { startFleet, type Fleet } from "./support/fleet";
import { JOBS } from "@/server/queue/jobs";

// What a worker changes reaches agents live (issue 41): the app and the worker as processes of their own, as
// deployed, the agent's socket on the app. The worker has no Socket.IO server, so its announcements go through
// Redis to every app server (server/realtime/emit.ts); an emit that only called the app's Socket.IO server
// was dropped there — a snooze the worker woke reached no agent until a refresh.

const QUEUE_PREFIX = `announce-${process.pid}`;
let fleet: Fleet | undefined;

afterEach(async () => {
  await fleet?.stop();
  fleet = undefined;
});

describe("the worker's announcements", () => {
  it("a snooze the worker's sweep ends reaches an agent's socket on the app as conversation-updated", { timeout: 60_000 }, async () => {
    const company = await makeCompany();
    const staff = await makeUser("staff", company.id);
    const page = await makePage(company.id, [staff.id]);
    const { conversation } = await makeConversation(page.id);
    fleet = await startFleet({ apps: 1, workers: 1, env: { QUEUE_PREFIX } });
    const socket = await openSocket(fleet.apps[0]!.url, await tokenFor(staff));
    expect(await socket.emit("join-page", { pageId: page.id })).toMatchObject({ ok: true });
    // Snoozed until a moment ago only now: the worker's scheduler sweeps once as it starts.
    await db.conversation.update({ where: { id: conversation.id }, data: { status: "snoozed", snoozedUntil: new Date(Date.now() - 1_000) } });

    // The sweep runs every minute; the test asks the worker for it now, as its scheduler would.
    const queue = new Queue(queueNameFor(QUEUE_PREFIX), { connection: createRedis({ maxRetriesPerRequest: 1 }) });
    try {
      await queue.add(JOBS.wakeSnoozed.name, {});
      const updated = () => socket.events.filter((e) => e.name === SERVER_EVENTS.conversationUpdated && (e.payload as { conversationId: string }).conversationId === conversation.id);
      const seen = await eventually(updated, (events) => events.length > 0, 20_000);
      expect(await db.conversation.findUniqueOrThrow({ where: { id: conversation.id }, select: { status: true } })).toEqual({ status: "open" });
      expect(seen.map((e) => (e.payload as { conversation: { status: string } }).conversation.status)).toEqual(["open"]);
    } finally {
      socket.close();
      await queue.close();
    }
  });
});
