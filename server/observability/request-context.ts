import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

// The request id of the work in progress: set by the custom server for each HTTP request, and by the
// worker for each job it runs, so every log line, stored webhook event and queued job can name the request
// that started it. Kept on globalThis: route handlers bundled by Next and the server's own modules are two
// module graphs in one process, and both must see the same store.

export type RequestContext = { requestId: string };

const globalForContext = globalThis as unknown as { switchboardRequestContext?: AsyncLocalStorage<RequestContext> };
const storage = (globalForContext.switchboardRequestContext ??= new AsyncLocalStorage<RequestContext>());

export const REQUEST_ID_HEADER = "x-request-id";

/** A caller's id is kept when it is short and plain (it ends up in logs and headers); otherwise a new one. */
export function requestIdFrom(incoming: string | string[] | undefined): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value && /^[\w.:-]{1,128}$/.test(value) ? value : randomUUID();
}

export function withRequestId<T>(requestId: string, work: () => T): T {
  return storage.run({ requestId }, work);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
