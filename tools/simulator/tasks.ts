// Background work (delayed echoes, receipts, webhook retries) is tracked so tests can wait for it
// (`whenIdle`) and `close()` can stop it instead of leaving timers that outlive the server.

export class Tasks {
  private readonly pending = new Set<Promise<unknown>>();
  private readonly controller = new AbortController();

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get closed(): boolean {
    return this.controller.signal.aborted;
  }

  /** Runs `work` in the background; its failure is reported to `onError`, never thrown at the caller. */
  run(work: () => Promise<unknown>, onError: (error: unknown) => void): void {
    if (this.closed) return;
    const task = work()
      .catch((error) => {
        if (!this.closed) onError(error);
      })
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** A sleep that ends early (rejecting) when the simulator closes. */
  sleep(ms: number): Promise<void> {
    const signal = this.controller.signal;
    if (signal.aborted) return Promise.reject(new Error("simulator closed"));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(new Error("simulator closed"));
      };
      signal.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** Resolves once no background work is left (work started meanwhile is waited for too). */
  async whenIdle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async close(): Promise<void> {
    this.controller.abort();
    await this.whenIdle();
  }
}
