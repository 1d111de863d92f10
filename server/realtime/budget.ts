import type { SocketData } from "@/server/realtime/types";

// Per-socket token buckets for what a client may ask of the server: room joins (each a database query) and
// presence events (typing, presence-ping: Redis work and broadcasts to other agents). A script emitting
// thousands a second is cut to the refill rate; a person never meets the limit. Each bucket is two numbers
// on socket.data, not an object or a closure: memory each of a Page's thousand sockets keeps.

export type Budget = { burst: number; perSecond: number };
type BucketName = "join" | "presence";

/** A full bucket, as a socket starts with. */
export function fillBucket(data: SocketData, name: BucketName, budget: Budget): void {
  data[`${name}Tokens`] = budget.burst;
  data[`${name}RefilledAt`] = Date.now();
}

/** Takes one token from the socket's bucket; false (and nothing taken) when it is empty. */
export function spend(data: SocketData, name: BucketName, budget: Budget): boolean {
  const now = Date.now();
  const tokens = Math.min(budget.burst, data[`${name}Tokens`] + ((now - data[`${name}RefilledAt`]) / 1000) * budget.perSecond);
  data[`${name}RefilledAt`] = now;
  const allowed = tokens >= 1;
  data[`${name}Tokens`] = allowed ? tokens - 1 : tokens;
  return allowed;
}
