import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { encryptSecret } from "@/server/security/secret-box";
import { conversationListSelect, toConversationListItem } from "@/server/services/conversations/serialize";
import { makeCompany, makeUser, tokenFor } from "./support/factory";
import { eventually, openSocket, simPost, startChannel, type Channel } from "./support/channel";

// Guards for the webhook → agent path's latency design (docs/performance/history-2026-11.md §6, the load benchmark), without
// timing anything: (1) a delivery reaches the socket through the wake-up alone — the safety-net poll is
// set to an hour, so a path that regained a polling delay would never deliver within the test; (2) a first
// contact's message is on the agents' sockets before the profile lookup answers — the simulator's profile
// endpoint is made to hang, so a path that waited for it would show the real name in new-message.

const PAGE_ID = "200000000000013";
const PAGE_TOKEN = "PAGE_TOKEN_for_latency_tests_000013";
const HOUR_MS = 3_600_000;

let channel: Channel;
let page: { id: string };
let staffToken: string;

beforeEach(async () => {
  const company = await makeCompany("Latency Co");
  const staff = await makeUser("staff", company.id);
  page = await db.page.create({ data: { companyId: company.id, name: "Latency Shoes", facebookPageId: PAGE_ID, accessTokenEnc: encryptSecret(PAGE_TOKEN) } });
  await db.pageAssignment.create({ data: { userId: staff.id, pageId: page.id } });
  staffToken = await tokenFor(staff);
  channel = await startChannel([{ pageId: PAGE_ID, name: "Latency Shoes", accessToken: PAGE_TOKEN }], { pollMs: HOUR_MS });
  await channel.drain.subscribed;
});

afterEach(async () => {
  await channel.close();
});

async function watcher() {
  const socket = await openSocket(channel.appUrl, staffToken);
  expect(await socket.emit("join-page", { pageId: page.id })).toMatchObject({ ok: true });
  return socket;
}

type NewMessage = { message: { message: string; from: { name: string } }; conversation: { from_name: string } };
type Updated = { conversation: { from_name: string; avatar: string | null; last_message: string } };

describe("webhook → socket without polling", () => {
  it("delivers messages through the wake-up alone, the poll being an hour away", async () => {
    const socket = await watcher();
    const { psid } = await simPost<{ psid: string }>(channel.sim, "/sim/customers", { pageId: PAGE_ID, firstName: "Wake", lastName: "Up" });
    // Two deliveries, the second after the first was processed: each needs its own wake-up.
    for (const text of ["first, woken", "second, woken again"]) {
      await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text });
      const event = await eventually(() => socket.events.find((e) => e.name === "new-message" && (e.payload as NewMessage).message.message === text), Boolean);
      expect(event).toBeDefined();
    }
    expect(await db.webhookEvent.count({ where: { processedAt: null } })).toBe(0);
    socket.close();
  });
});

describe("first contact", () => {
  it("shows the message while the profile lookup hangs, then the name and avatar as conversation-updated", async () => {
    const socket = await watcher();
    const { psid } = await simPost<{ psid: string }>(channel.sim, "/sim/customers", { pageId: PAGE_ID, firstName: "Slow", lastName: "Profile" });
    await fetch(`${channel.sim.url}/sim/config`, { method: "PATCH", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ profileDelayMs: 2_500 }) });
    await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text: "hello from a new customer" });

    const shown = await eventually(() => socket.events.findIndex((e) => e.name === "new-message"), (i) => i >= 0);
    const message = socket.events[shown]!.payload as NewMessage;
    expect(message.message.message).toBe("hello from a new customer");
    // Had the message waited for the profile, it would carry "Slow Profile" here.
    expect(message.message.from.name).toBe(`Customer ${psid.slice(-4)}`);
    expect(message.conversation.from_name).toBe(`Customer ${psid.slice(-4)}`);
    expect(socket.events.some((e) => e.name === "conversation-updated")).toBe(false);

    const updated = await eventually(() => socket.events.findIndex((e) => e.name === "conversation-updated"), (i) => i >= 0, 15_000);
    expect(updated).toBeGreaterThan(shown);
    expect((socket.events[updated]!.payload as Updated).conversation).toMatchObject({
      from_name: "Slow Profile",
      avatar: expect.stringContaining(`/avatars/${psid}.svg`),
      last_message: "hello from a new customer",
    });
    const customer = await db.customer.findFirstOrThrow({ where: { psid } });
    expect(customer).toMatchObject({ name: "Slow Profile", profileFetchedAt: expect.any(Date) });
    // The whole item, as the list API shows this conversation (the update builds it from its own statement).
    const row = await db.conversation.findFirstOrThrow({ where: { customerId: customer.id }, select: conversationListSelect });
    expect((socket.events[updated]!.payload as Updated).conversation).toEqual(toConversationListItem(row));
    socket.close();
  });

  it("sends one conversation-updated however many of a new customer's messages arrive before the answer, and keeps their order", async () => {
    const socket = await watcher();
    const { psid } = await simPost<{ psid: string }>(channel.sim, "/sim/customers", { pageId: PAGE_ID, firstName: "Many", lastName: "Messages" });
    await fetch(`${channel.sim.url}/sim/config`, { method: "PATCH", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ profileDelayMs: 1_000 }) });
    for (let i = 0; i < 5; i++) await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text: `message ${i}` });

    await eventually(() => socket.events.filter((e) => e.name === "conversation-updated").length, (n) => n >= 1, 15_000);
    await channel.drain.stop(); // lets every lookup finish
    const updates = socket.events.filter((e) => e.name === "conversation-updated");
    expect(updates).toHaveLength(1);
    const messages = socket.events.filter((e) => e.name === "new-message").map((e) => (e.payload as NewMessage).message.message);
    expect(messages).toEqual([0, 1, 2, 3, 4].map((i) => `message ${i}`));
    socket.close();
  });
});
