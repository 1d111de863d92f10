import { describe, expect, it } from "vitest";
import { Decoder, Encoder, PacketType, type Packet } from "socket.io-parser";
import { preEncoded, wireParser } from "@/server/realtime/wire-parser";

// The worker sends its events' payloads as JSON (server/realtime/emit.ts); the app server's encoder splices
// that JSON into the packet. A client must not be able to tell: the frame is the plain encoder's, byte for
// byte, and every other packet is encoded as before.

const plain = new Encoder();
const spliced = new wireParser.Encoder();

const payload = {
  message: { id: "0193", message: "héllo \"quoted\" \u2028 😀", created_time: new Date("2026-11-27T04:00:00.123Z"), attachments: { data: [] }, reply_to: null },
  conversation: { tags: [{ tag: "VIP", color: "#f00" }], unread_count: 3, avatar: undefined },
  pageId: "p1",
};
const asJson = JSON.parse(JSON.stringify(payload)) as unknown;

describe("the pre-encoding wire parser", () => {
  it("writes a pre-encoded event exactly as the plain encoder writes the same payload", () => {
    for (const nsp of ["/", "/admin"]) {
      const expected = plain.encode({ type: PacketType.EVENT, nsp, data: ["new-message", asJson] });
      expect(spliced.encode({ type: PacketType.EVENT, nsp, data: ["new-message", preEncoded(payload)] })).toEqual(expected);
    }
    expect(spliced.encode({ type: PacketType.EVENT, nsp: "/", data: ["x", preEncoded(undefined)] })).toEqual(plain.encode({ type: PacketType.EVENT, nsp: "/", data: ["x", null] }));
  });

  it("decodes back to the payload on the client's side", async () => {
    const [frame] = spliced.encode({ type: PacketType.EVENT, nsp: "/", data: ["new-message", preEncoded(payload)] });
    const decoder = new Decoder();
    const decoded = new Promise<Packet>((resolve) => decoder.on("decoded", resolve));
    decoder.add(frame as string);
    expect((await decoded).data).toEqual(["new-message", asJson]);
  });

  it("leaves every other packet to the plain encoder", () => {
    const packets: Packet[] = [
      { type: PacketType.EVENT, nsp: "/", data: ["plain", payload] },
      // An acknowledgement request carries an id: not a broadcast.
      { type: PacketType.EVENT, nsp: "/", id: 7, data: ["join", preEncoded(payload)] },
      { type: PacketType.EVENT, nsp: "/", data: ["two", preEncoded(payload), 2] },
      { type: PacketType.ACK, nsp: "/", id: 3, data: [{ ok: true }] },
      { type: PacketType.EVENT, nsp: "/", data: ["binary", { file: Buffer.from([1, 2, 3]) }] },
      { type: PacketType.CONNECT, nsp: "/", data: { sid: "abc" } },
      // Someone else's object that merely looks alike is not trusted without its string.
      { type: PacketType.EVENT, nsp: "/", data: ["odd", { "\u0000switchboard:json": 5 }] },
    ];
    for (const packet of packets) expect(spliced.encode(packet)).toEqual(plain.encode(packet));
  });
});
