import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { startAppServer } from "./support/app-server";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { eventually, openSocket } from "./support/channel";

// "Ann is typing…" under a comment (issue 42 point 3, server/realtime/comment-typing.ts): across two app
// instances (the Redis adapter), to the other agents of the Page only, a repeat within the heartbeat dropped,
// cleared when the agent stops or disconnects, and nothing from a socket that is not in the Page's room.

type Server = Awaited<ReturnType<typeof startAppServer>>;
const servers: Server[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()!.close();
});

type Typing = { pageId: string; commentId: string; userId: string; name: string; typing: boolean };
const typings = (events: { name: string; payload: unknown }[]) => events.filter((e) => e.name === "comment-typing").map((e) => e.payload as Typing);

describe("typing under a comment", () => {
  it("reaches the Page's other agents on another instance, once per change, and stops on stop and disconnect", async () => {
    const acme = await makeCompany("Acme");
    const ann = await makeUser("staff", acme.id, { name: "Ann" });
    const tom = await makeUser("staff", acme.id, { name: "Tom" });
    const olly = await makeUser("staff", acme.id, { name: "Olly" });
    const page = await makePage(acme.id, [ann.id, tom.id], "Shoes");
    const post = await db.post.create({ data: { pageId: page.id, channel: "messenger", externalId: `${page.facebookPageId}_1` } });
    const comment = await db.comment.create({ data: { pageId: page.id, postId: post.id, channel: "messenger", externalId: "1_1", authorId: "5550001", authorName: "Ada", text: "Hi", createdTime: new Date() } });
    const one = await startAppServer({});
    servers.push(one);
    const two = await startAppServer({});
    servers.push(two);

    const a = await openSocket(one.url, await tokenFor(ann));
    const t = await openSocket(two.url, await tokenFor(tom));
    const o = await openSocket(two.url, await tokenFor(olly));
    expect(await a.emit("join-page", { pageId: page.id })).toMatchObject({ ok: true });
    expect(await t.emit("join-page", { pageId: page.id })).toMatchObject({ ok: true });
    expect(await o.emit("join-page", { pageId: page.id })).toMatchObject({ ok: false });

    const typing = { pageId: page.id, commentId: comment.id };
    t.socket.emit("comment-typing", { ...typing, typing: true });
    t.socket.emit("comment-typing", { ...typing, typing: true });
    expect(await eventually(() => typings(a.events), (e) => e.length > 0)).toEqual([{ ...typing, userId: tom.id, name: "Tom", typing: true }]);
    // Olly is not in the Page's room: his typing reaches nobody, and he hears nothing.
    o.socket.emit("comment-typing", { ...typing, typing: true });
    t.socket.emit("comment-typing", { ...typing, typing: false });
    expect(await eventually(() => typings(a.events), (e) => e.length > 1)).toEqual([
      { ...typing, userId: tom.id, name: "Tom", typing: true },
      { ...typing, userId: tom.id, name: "Tom", typing: false },
    ]);
    // The typist does not hear themself; a disconnect while typing says "stopped".
    t.socket.emit("comment-typing", { ...typing, typing: true });
    await eventually(() => typings(a.events), (e) => e.length > 2);
    t.close();
    expect((await eventually(() => typings(a.events), (e) => e.length > 3)).at(-1)).toMatchObject({ userId: tom.id, typing: false });
    expect(typings(t.events)).toEqual([]);
    expect(typings(a.events).filter((e) => e.userId === olly.id)).toEqual([]);
    expect(typings(o.events)).toEqual([]);
    a.close();
    o.close();
  });
});
