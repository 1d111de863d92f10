// The rules of the customer's "typing…" (docs/META.md sender actions), without React so they are tested alone:
// typing_on at most every 5 s while the draft changes, typing_off once the agent sends, clears the draft or
// stops typing for 5 s — and only after a typing_on, so an idle composer sends nothing.

export const TYPING_REPEAT_MS = 5_000;
export const TYPING_IDLE_MS = 5_000;

export type TypingAction = "typing_on" | "typing_off";

export function createTypingSignal(send: (action: TypingAction) => void, clock: { now: () => number } = Date) {
  let lastOn = 0;
  let idle: ReturnType<typeof setTimeout> | undefined;

  function stop() {
    clearTimeout(idle);
    idle = undefined;
    if (!lastOn) return;
    lastOn = 0;
    send("typing_off");
  }

  /** Every change of the draft. */
  function typed(draft: string) {
    if (!draft.trim()) return stop();
    const now = clock.now();
    if (now - lastOn >= TYPING_REPEAT_MS) {
      lastOn = now;
      send("typing_on");
    }
    clearTimeout(idle);
    idle = setTimeout(stop, TYPING_IDLE_MS);
  }

  return { typed, stop };
}
