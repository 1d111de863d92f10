import { afterEach, describe, expect, it } from "vitest";
import { startAppServer } from "./support/app-server";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { eventually, openSocket } from "./support/channel";
import { makeConversation } from "./support/inbox-factory";

// Collision detection: who views a conversation and who types, across two app instances (Redis), cleared
// on leave and disconnect, and only for agents allowed into the conversation's room.

type Server = Awaited<ReturnType<typeof startAppServer>>;
const servers: Server[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()!.close();
});

type Presence = { conversationId: string; viewers: { userId: string; name: string; typing: boolean }[] };
const latest = (events: { name: string; payload: unknown }[], conversationId: string) =>
  (events.filter((e) => e.name === "presence" && (e.payload as Presence).conversationId === conversationId).at(-1)?.payload as Presence | undefined)?.viewers ?? [];

describe("presence in a conversation", () => {
  it("shows viewers and typing across two app instances, and clears them on leave and disconnect", async () => {
    const acme = await makeCompany("Acme");
    const ann = await makeUser("staff", acme.id, { name: "Ann" });
    const tom = await makeUser("staff", acme.id, { name: "Tom" });
    const outsider = await makeUser("staff", acme.id, { name: "Olly" });
    const page = await makePage(acme.id, [ann.id, tom.id], "Shoes");
    const { conversation } = await makeConversation(page.id);
    const one = await startAppServer({});
    servers.push(one);
    const two = await startAppServer({});
    servers.push(two);

    const a = await openSocket(one.url, await tokenFor(ann));
    const t = await openSocket(two.url, await tokenFor(tom));
    const o = await openSocket(two.url, await tokenFor(outsider));
    expect(await a.emit("join-conversation", { room: conversation.id })).toEqual({ ok: true });
    expect(await t.emit("join-conversation", { room: conversation.id })).toEqual({ ok: true });
    expect(await o.emit("join-conversation", { room: conversation.id })).toMatchObject({ ok: false });

    const names = (events: typeof a.events) => latest(events, conversation.id).map((v) => `${v.name}${v.typing ? " typing" : ""}`);
    expect(await eventually(() => names(a.events), (n) => n.join() === "Ann,Tom")).toEqual(["Ann", "Tom"]);

    t.socket.emit("typing", { room: conversation.id, typing: true });
    expect(await eventually(() => names(a.events), (n) => n.join() === "Ann,Tom typing")).toEqual(["Ann", "Tom typing"]);
    // A socket cannot type into a conversation it is not in.
    o.socket.emit("typing", { room: conversation.id, typing: true });

    t.socket.emit("typing", { room: conversation.id, typing: false });
    expect(await eventually(() => names(a.events), (n) => n.join() === "Ann,Tom")).toEqual(["Ann", "Tom"]);

    t.socket.emit("leave-conversation", { room: conversation.id });
    expect(await eventually(() => names(a.events), (n) => n.join() === "Ann")).toEqual(["Ann"]);
    await t.emit("join-conversation", { room: conversation.id });
    expect(await eventually(() => names(a.events), (n) => n.join() === "Ann,Tom")).toEqual(["Ann", "Tom"]);
    t.close();
    expect(await eventually(() => names(a.events), (n) => n.join() === "Ann")).toEqual(["Ann"]);
    expect(o.events.filter((e) => e.name === "presence")).toHaveLength(0);
    a.close();
    o.close();
  });
});
