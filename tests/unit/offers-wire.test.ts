import { describe, expect, it } from "vitest";
import { decode } from "notepack.io";
import { encodeMsgpack } from "@/server/realtime/company-room";

// The worker emits through the Socket.IO Redis adapter, which decodes MessagePack with notepack.io: every
// JSON value must survive the trip, at every length boundary of the format.

describe("encodeMsgpack", () => {
  it.each([
    ["null", null],
    ["booleans", [true, false]],
    ["small ints", [0, 1, 127, 128, 255, 256, 65_535, 65_536, 4_294_967_295]],
    ["negative ints", [-1, -32, -33, -128, -129, -32_768, -2_147_483_648]],
    ["beyond 32 bits and floats", [4_294_967_296, -2_147_483_649, 12.5, -0.25, Number.MAX_SAFE_INTEGER]],
    ["strings at length boundaries", ["", "a".repeat(31), "b".repeat(32), "c".repeat(255), "d".repeat(256), "e".repeat(65_536)]],
    ["unicode", "Olá ✓ 🎉 — ünïcödé"],
    ["arrays at length boundaries", [Array.from({ length: 15 }, (_, i) => i), Array.from({ length: 16 }, (_, i) => i), Array.from({ length: 70_000 }, () => 1)]],
    ["maps", { a: 1, nested: { list: [{ x: "y" }], empty: {} }, ...Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, i])) }],
  ])("%s round-trip", (_name, value) => {
    expect(decode(encodeMsgpack(value))).toEqual(value);
  });

  it("drops undefined object fields like JSON does", () => {
    expect(decode(encodeMsgpack({ a: 1, b: undefined }))).toEqual({ a: 1 });
  });

  it("encodes the adapter's broadcast message", () => {
    const message = ["uid", { type: 2, data: ["offer-progress", { sentCount: 3 }], nsp: "/" }, { rooms: ["company:c"], except: [], flags: {} }];
    expect(decode(encodeMsgpack(message))).toEqual(message);
  });
});
