import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";

type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };
const holder = globalThis as ZodGlobal;
const before = holder.__zod_globalConfig?.jitless;

// lib/zod-browser.ts turns zod's JIT off without importing zod (so /chats does not load zod up front).
// This pins the zod behaviour it relies on: z.config() is the object on globalThis, so setting a flag
// there is the same as calling z.config() with it.
describe("zod-browser", () => {
  afterEach(() => {
    if (holder.__zod_globalConfig) holder.__zod_globalConfig.jitless = before;
  });

  it("zod keeps its global config on globalThis", () => {
    expect(z.config()).toBe(holder.__zod_globalConfig);
  });

  it("makes zod jitless", async () => {
    await import("@/lib/zod-browser");
    expect(z.config().jitless).toBe(true);
  });
});
