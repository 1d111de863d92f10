import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { io } from "@/server/realtime/server";
import { pageRoom } from "@/server/realtime/room-names";
import { encryptSecret } from "@/server/security/secret-box";
import { connectLean, type LeanSocket } from "@/tests/bench/lib/lean-socket";
import { EventFrames, type FrameEvent } from "@/tests/bench/lib/event-frames";
import { makeCompany, makeUser, tokenFor } from "./support/factory";
import { eventually, simPost, startChannel, type Channel } from "./support/channel";

// The load benchmark's agent sockets speak Socket.IO's wire protocol themselves and read the frames without
// parsing them (tests/bench/lib/lean-socket.ts, event-frames.ts). Against the real server and the real
// ingest: they must be let in and joined exactly as a browser is, and read from the frames what a
// socket.io-client handler would read from the payload — or every figure of the benchmark is wrong.

const PAGE_ID = "200000000000031";
const PAGE_TOKEN = "PAGE_TOKEN_for_bench_lean_socket_031";
const TAG = "t3st";

let channel: Channel;
let page: { id: string };
let staffToken: string;
const sockets: LeanSocket[] = [];

beforeEach(async () => {
  const company = await makeCompany("Lean Co");
  const staff = await makeUser("staff", company.id);
  page = await db.page.create({ data: { companyId: company.id, name: "Lean Shoes", facebookPageId: PAGE_ID, accessTokenEnc: encryptSecret(PAGE_TOKEN) } });
  await db.pageAssignment.create({ data: { userId: staff.id, pageId: page.id } });
  staffToken = await tokenFor(staff);
  channel = await startChannel([{ pageId: PAGE_ID, name: "Lean Shoes", accessToken: PAGE_TOKEN }]);
});

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await channel.close();
});

async function joinedSocket() {
  const socket = await connectLean(channel.appUrl, staffToken, 5_000);
  sockets.push(socket);
  expect(await socket.emitWithAck("join-page", { pageId: page.id }, 3_000)).toMatchObject({ ok: true });
  const seen: FrameEvent[] = [];
  const frames = new EventFrames(TAG);
  const raw: Buffer[] = [];
  socket.onEvent((frame) => {
    raw.push(frame);
    seen.push(frames.read(frame));
  });
  return { socket, seen, raw, frames };
}

describe("the load benchmark's lean agent socket", () => {
  it("is refused with a bad token, as a browser is", async () => {
    await expect(connectLean(channel.appUrl, "not-a-token", 5_000)).rejects.toThrow(/socket connect failed.*unauthorized/);
  });

  it("has its joins checked by the server: a page of another company is refused", async () => {
    const other = await makeCompany("Other Co");
    const foreign = await db.page.create({ data: { companyId: other.id, name: "Not mine", facebookPageId: "200000000000032", accessTokenEnc: encryptSecret("x") } });
    const socket = await connectLean(channel.appUrl, staffToken, 5_000);
    sockets.push(socket);
    expect(await socket.emitWithAck("join-page", { pageId: foreign.id }, 3_000)).toMatchObject({ ok: false });
  });

  it("reads which run message a new-message from the real ingest carries", async () => {
    const { seen, raw } = await joinedSocket();
    const { psid } = await simPost<{ psid: string }>(channel.sim, "/sim/customers", { pageId: PAGE_ID, firstName: "Lean", lastName: "Reader" });
    for (const text of [`load ${TAG} s7 where is my order?`, `load other s8 not this run's`, `load ${TAG} s12 again`]) {
      await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text });
    }
    await eventually(() => raw.some((f) => f.includes(`42["new-message"`) && f.includes("s12 again")), Boolean);
    expect(seen.filter((e) => e.kind !== "other")).toEqual([{ kind: "load", i: 7 }, { kind: "load", i: 12 }]);
    // The other run's message arrived and was not taken for one of this run's.
    const foreign = raw.findIndex((f) => f.includes("load other s8"));
    expect(foreign).toBeGreaterThanOrEqual(0);
    expect(seen[foreign]).toEqual({ kind: "other" });
  });

  it("tells a reply shown as sending from one Meta confirmed, and reads the worker's stage stamps", async () => {
    const { seen, raw, frames } = await joinedSocket();
    const message = (text: string, status: string) => ({ message: { id: "m1", message: text, status, from: { name: "Ann" } }, conversation: { last_message: text, window: { status: "open" } }, pageId: page.id });
    io()!.to(pageRoom(page.id)).emit("new-message", message(`reply ${TAG} r3`, "pending") as never);
    io()!.to(pageRoom(page.id)).emit("message-updated", message(`reply ${TAG} r3`, "failed") as never);
    io()!.to(pageRoom(page.id)).emit("message-updated", message(`reply ${TAG} r3`, "sent") as never);
    io()!.to(pageRoom(page.id)).emit("new-message", message(`reply ${TAG} r4 and more`, "pending") as never);
    io()!.to(pageRoom(page.id)).emit("new-message", { ...message(`load ${TAG} s5 hi`, "received"), stages: { writtenAt: 1764200000123.25, emittedAt: 1764200000124.5 } } as never);
    await eventually(() => seen.length, (n) => n >= 5);
    expect(seen).toEqual([{ kind: "reply", k: 3 }, { kind: "other" }, { kind: "reply-sent", k: 3 }, { kind: "other" }, { kind: "load", i: 5 }]);
    expect(frames.stages(raw[4]!)).toEqual([1764200000123.25, 1764200000124.5]);
    expect(frames.stages(raw[0]!)).toBeNull();
  });
});
