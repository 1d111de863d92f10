/**
 * The largest delay of this process's event loop while the meter runs (a 100 ms timer, late by that much):
 * what the process adds to every time it takes.
 */
export function loopLagMeter(): { stop: () => number } {
  let maxLagMs = 0;
  let lagTick = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    maxLagMs = Math.max(maxLagMs, now - lagTick - 100);
    lagTick = now;
  }, 100);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.round(maxLagMs * 10) / 10;
    },
  };
}
