import { describe, expect, it } from "vitest";
import { dueState, targetOf } from "@/lib/inbox/response-due";

// The words and tone of a response target's countdown (docs/PRODUCT.md §13.3).

const NOW = Date.parse("2026-11-23T10:00:00Z");
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

describe("dueState", () => {
  it("plain above a quarter of the target, amber below it, red when overdue", () => {
    expect(dueState(at(20), 60, NOW)).toEqual({ tone: "ok", text: "20 min left" });
    expect(dueState(at(15), 60, NOW)).toEqual({ tone: "ok", text: "15 min left" });
    expect(dueState(at(14.5), 60, NOW)).toEqual({ tone: "warn", text: "15 min left" });
    expect(dueState(at(0), 60, NOW)).toEqual({ tone: "over", text: "Overdue 1 min" });
    expect(dueState(at(-12), 60, NOW)).toEqual({ tone: "over", text: "Overdue 12 min" });
  });

  it("hours and days for long waits; no amber without a known target", () => {
    expect(dueState(at(95), 600, NOW).text).toBe("1 h 35 min left");
    expect(dueState(at(-26 * 60), 60, NOW).text).toBe("Overdue 26 h");
    expect(dueState(at(-72 * 60), 60, NOW).text).toBe("Overdue 3 d");
    expect(dueState(at(1), null, NOW).tone).toBe("ok");
  });

  it("targetOf picks the first or the next target", () => {
    expect(targetOf({ first: 60, next: 30 }, "first")).toBe(60);
    expect(targetOf({ first: 60, next: 30 }, "next")).toBe(30);
    expect(targetOf(undefined, "next")).toBeNull();
  });
});
