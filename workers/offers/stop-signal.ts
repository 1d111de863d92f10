// The worker process closes on SIGTERM/SIGINT (workers/index.ts: worker.close() waits for running jobs).
// An offer can take hours, so its job watches the same signals and stops between two recipients.

let stopping = false;
let watching = false;

/** Starts watching the signals (once per process; the first offer job does it). */
export function watchStopSignals(): void {
  if (watching) return;
  watching = true;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      stopping = true;
    });
  }
}

export function stopRequested(): boolean {
  return stopping;
}
