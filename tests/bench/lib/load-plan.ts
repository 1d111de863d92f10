// What the load benchmark hands its generator (load-generator.ts) and agents (load-agents.ts), as JSON in a
// file; apart from both so neither imports the other for it.

export type LoadPlan = {
  appUrl: string;
  /** Where the webhooks go (the app's webhook port unless BENCH_WEBHOOK_VIA=main: lib/config.ts). */
  webhookUrl: string;
  appSecret: string;
  tag: string;
  rate: number;
  seconds: number;
  /** Who writes: message i comes from customers[i % length] (facebookPageId + psid). */
  customers: { facebookPageId: string; psid: string }[];
  /**
   * Untimed seconds at the same rate, from these (known) customers, right before the timed sends: the
   * generator and the agents are fresh processes for every run, and their first second of it ran their own
   * code cold (the agents' loop lagged up to 150 ms), which the receipts counted as delivery time. The
   * timed run then starts in the steady state it is meant to measure, and a new customer's first message
   * is still inside it.
   */
  leadIn?: { seconds: number; customers: { facebookPageId: string; psid: string }[] };
  /** Agent sockets: tokens (several users: one user may hold only 20 sockets), rooms to join. */
  sockets: { token: string; pageIds: string[]; conversationId: string | null }[];
  /** Agents reading over HTTP: list, thread, search, each every `everyMs`. */
  readers: { token: string; list: string; thread: string; search: string[] }[];
  readEveryMs: number;
  /** Agents replying through POST /api/send-message; the reply is timed to another user's socket. */
  repliers: { token: string; userIndex: number; pageId: string; conversationIds: string[] }[];
  replyEveryMs: number;
  /** Socket owners' user index, to find "another agent's" socket for a reply. */
  socketUsers: number[];
  /** Pids whose RSS (with their children) is sampled: server, worker. */
  rssPids: Record<string, number>;
  /** Seconds to wait after the last send for stragglers. */
  graceSeconds: number;
  /**
   * Also read the server's memory after garbage collection (tests/support/inspector.ts), at the end of the run: with
   * the sockets still connected, then after they all left. Taken after every other figure, so it changes none.
   */
  settle?: { inspectPort: number; serverNodePid: number };
};
