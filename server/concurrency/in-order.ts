/**
 * Runs work for one key (a customer) strictly in the order it was queued, while work for other keys runs
 * concurrently. The ingest processes several batches at once; this keeps one customer's events in
 * delivery order within the process, so their socket events (new-message with the unread count, then the
 * next) never overtake each other. A failed step does not stop the steps queued after it.
 */
export function createKeyedQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, work: () => Promise<T>): Promise<T> {
      const previous = tails.get(key) ?? Promise.resolve();
      const result = previous.then(work, work);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      // The map holds only keys with work pending: the last step of a key removes it.
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
    /** Keys with work queued or running (for tests and diagnostics). */
    get size() {
      return tails.size;
    },
  };
}

/**
 * The worker's one queue per customer (key: Facebook page id + PSID): the webhook events
 * (process-webhook.ts) and the profile update after a first contact (profile-lookup.ts) share it, so the
 * update's conversation-updated never overtakes, or is overtaken by, that customer's new-message events.
 */
export const customerOrder = createKeyedQueue();
export const customerOrderKey = (facebookPageId: string, psid: string) => `${facebookPageId}:${psid}`;
