import { afterEach, describe, expect, it } from "vitest";
import { SERVER_EVENTS, type FeedMark } from "@/lib/contract/socket-events";
import { emitToRooms } from "@/server/realtime/emit";
import { FEED_LENGTH } from "@/server/realtime/page-feed";
import { conversationRoom, pageRoom } from "@/server/realtime/room-names";
import { eventually, openSocket } from "./support/channel";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { makeConversation } from "./support/inbox-factory";
import { startRealServer } from "./support/real-server";

// A Page's feed (issue 41; server/realtime/page-feed.ts): every event to a Page's room is numbered, and a
// socket that missed some gets exactly those back with `catch-up`, or is told to refetch when the feed
// cannot tell. Only for a Page whose room the socket is in.

type Server = Awaited<ReturnType<typeof startRealServer>>;
const servers: Server[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()!.close();
});

async function world() {
  const acme = await makeCompany("Acme");
  const staff = await makeUser("staff", acme.id);
  const stranger = await makeUser("company_admin", (await makeCompany("Globex")).id);
  const page = await makePage(acme.id, [staff.id], "Shoes");
  const { conversation } = await makeConversation(page.id);
  const server = await startRealServer({ realtime: true });
  servers.push(server);
  return { page, conversation, server, tokens: { staff: await tokenFor(staff), stranger: await tokenFor(stranger) } };
}

const updated = (pageId: string, conversationId: string, n: number) =>
  emitToRooms([pageRoom(pageId), conversationRoom(conversationId)], SERVER_EVENTS.pageUpdated, { pageId, n } as never);
const marks = (events: { name: string; payload: unknown }[]) => events.flatMap((e) => ((e.payload as { feed?: FeedMark }).feed ? [e.payload as { feed: FeedMark; n?: number }] : []));

describe("a Page's numbered feed", () => {
  it("numbers every event to the Page's room in order, and a join says where the feed stands", async () => {
    const { page, conversation, server, tokens } = await world();
    const a = await openSocket(server.url, tokens.staff);
    // Nothing numbered yet: no feed to start from.
    expect(await a.emit("join-page", { pageId: page.id })).toMatchObject({ ok: true });
    for (let n = 1; n <= 3; n++) updated(page.id, conversation.id, n);
    const got = await eventually(() => marks(a.events), (list) => list.length === 3);
    const epoch = got[0]!.feed.epoch;
    expect(got.map((e) => [e.n, e.feed])).toEqual([1, 2, 3].map((n) => [n, { epoch, seq: n }]));
    const b = await openSocket(server.url, tokens.staff);
    expect(await b.emit("join-page", { pageId: page.id })).toEqual({ ok: true, feed: { epoch, seq: 3 } });
    a.close();
    b.close();
  });

  it("gives a socket that missed events exactly those, in order, and a reset when it cannot", async () => {
    const { page, conversation, server, tokens } = await world();
    const a = await openSocket(server.url, tokens.staff);
    await a.emit("join-page", { pageId: page.id });
    updated(page.id, conversation.id, 1);
    const { feed } = (await eventually(() => marks(a.events), (list) => list.length === 1))[0]!;
    a.close(); // away while two more go out
    updated(page.id, conversation.id, 2);
    updated(page.id, conversation.id, 3);
    const back = await openSocket(server.url, tokens.staff);
    expect(await back.emit("join-page", { pageId: page.id })).toMatchObject({ ok: true, feed: { epoch: feed!.epoch, seq: 3 } });
    const reply = (await back.emit("catch-up", { pageId: page.id, epoch: feed!.epoch, after: 1 })) as unknown as { ok: true; events: { event: string; payload: { n: number }; feed: FeedMark }[] };
    expect(reply.events.map((e) => [e.event, e.payload.n, e.feed.seq])).toEqual([
      ["page-updated", 2, 2],
      ["page-updated", 3, 3],
    ]);
    expect(await back.emit("catch-up", { pageId: page.id, epoch: feed!.epoch, after: 3 })).toEqual({ ok: true, events: [] });
    // Another epoch (Redis lost the feed), or further back than the feed keeps: refetch.
    expect(await back.emit("catch-up", { pageId: page.id, epoch: "gone", after: 1 })).toEqual({ ok: true, reset: true });
    for (let n = 4; n <= FEED_LENGTH + 60; n++) updated(page.id, conversation.id, n);
    await eventually(() => marks(back.events), (list) => list.at(-1)?.feed.seq === FEED_LENGTH + 60, 10_000);
    expect(await back.emit("catch-up", { pageId: page.id, epoch: feed!.epoch, after: 2 })).toEqual({ ok: true, reset: true });
    back.close();
  });

  it("sends an event named once a single time, however often it is announced (a replayed batch)", async () => {
    const { page, conversation, server, tokens } = await world();
    const a = await openSocket(server.url, tokens.staff);
    await a.emit("join-page", { pageId: page.id });
    const announce = (n: number, once: string) =>
      emitToRooms([pageRoom(page.id), conversationRoom(conversation.id)], SERVER_EVENTS.pageUpdated, { pageId: page.id, n } as never, once);
    announce(1, "new-message:m_1");
    announce(2, "new-message:m_1");
    announce(3, "new-message:m_2");
    updated(page.id, conversation.id, 4);
    const got = await eventually(() => marks(a.events), (list) => list.some((e) => e.n === 4));
    // The second announce of m_1 went nowhere and took no number: no gap for the browser to wait on.
    expect(got.map((e) => [e.n, e.feed.seq])).toEqual([
      [1, 1],
      [3, 2],
      [4, 3],
    ]);
    a.close();
  });

  it("answers a catch-up only for a Page whose room the socket is in", async () => {
    const { page, conversation, server, tokens } = await world();
    updated(page.id, conversation.id, 1);
    const stranger = await openSocket(server.url, tokens.stranger);
    expect(await stranger.emit("join-page", { pageId: page.id })).toMatchObject({ ok: false });
    expect(await stranger.emit("catch-up", { pageId: page.id, epoch: "any", after: 0 })).toEqual({ ok: false, error: "Join the page first" });
    const staff = await openSocket(server.url, tokens.staff);
    expect(await staff.emit("catch-up", { pageId: page.id, epoch: "any", after: 0 })).toEqual({ ok: false, error: "Join the page first" });
    expect(await staff.emit("catch-up", { pageId: page.id })).toEqual({ ok: false, error: "pageId, epoch and after are required" });
    stranger.close();
    staff.close();
  });
});
