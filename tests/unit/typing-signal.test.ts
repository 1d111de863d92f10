import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTypingSignal, type TypingAction } from "@/lib/inbox/typing-signal";

describe("typing signals (sender actions from the composer)", () => {
  let sent: TypingAction[];
  let signal: ReturnType<typeof createTypingSignal>;
  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    signal = createTypingSignal((a) => sent.push(a), { now: () => Date.now() });
  });
  afterEach(() => vi.useRealTimers());

  it("typing_on at most every 5 s while the agent types", () => {
    for (let i = 0; i < 12; i++) {
      signal.typed(`draft ${i}`);
      vi.advanceTimersByTime(1000); // one keystroke a second: never idle
    }
    expect(sent).toEqual(["typing_on", "typing_on", "typing_on"]); // at 0 s, 5 s, 10 s
  });
  it("typing_off after 5 s idle, and on send; nothing when nothing was announced", () => {
    signal.typed("hel");
    vi.advanceTimersByTime(4_999);
    expect(sent).toEqual(["typing_on"]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(["typing_on", "typing_off"]);
    signal.typed("hello again");
    signal.stop(); // sent
    expect(sent).toEqual(["typing_on", "typing_off", "typing_on", "typing_off"]);
    signal.stop();
    vi.advanceTimersByTime(10_000);
    expect(sent).toHaveLength(4);
  });
  it("clearing the draft ends the signal", () => {
    signal.typed("x");
    signal.typed("   ");
    expect(sent).toEqual(["typing_on", "typing_off"]);
  });
});
