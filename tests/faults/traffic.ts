import { io as connect, type Socket } from "socket.io-client";
import { body, fromCustomer, postSigned } from "../integration/support/webhook-post";
import { CLIENT_EVENTS, SERVER_EVENTS, type CatchUpReply, type FeedEntry, type JoinReply } from "@/lib/contract/socket-events";
import { feedOf, PageFeeds } from "@/lib/inbox/page-feeds";
import type { FaultWorld } from "./world";

// The traffic of the fault tests: customers' messages as Meta delivers them (signed, each retried until
// answered 200, as Meta retries anything else), an agent's socket as the browser holds it (reconnecting by
// itself, joining its pages again on every connect, catching up on each Page's numbered feed after a gap or
// a reconnect as lib/hooks/use-socket.ts does), and the agent's replies through the send API.

type Delivery = { mid: string; customer: string; firstSentAt: number; ackedAt: number | null; attempts: number };

export type CustomerStream = {
  deliveries: Map<string, Delivery>;
  /** Stops making new messages and waits until every one made so far was acknowledged (or `ms` passed). */
  stop: (ms?: number) => Promise<void>;
};

/** `rate` messages a second, spread over every page and customer of the world. */
export function startCustomerStream(world: FaultWorld, rate: number, tag = "s"): CustomerStream {
  const deliveries = new Map<string, Delivery>();
  const people = [...world.psids].flatMap(([pageId, psids]) => psids.map((psid) => ({ pageId, psid })));
  let n = 0;
  let stopped = false;
  const inFlight = new Set<Promise<void>>();

  async function deliver(mid: string, raw: string): Promise<void> {
    const d = deliveries.get(mid)!;
    // Meta's retries come after a back-off; shorter here, so a recovery shows within a fraction of a second.
    for (let wait = 100; ; wait = Math.min(wait * 2, 1000)) {
      d.attempts++;
      const ok = await postSigned(world.app.webhookUrl, raw, process.env.META_APP_SECRET!).then(
        async (r) => (await r.text(), r.status === 200),
        () => false,
      );
      if (ok) {
        d.ackedAt = Date.now();
        return;
      }
      await new Promise((r) => setTimeout(r, wait));
    }
  }

  const timer = setInterval(() => {
    if (stopped) return;
    const person = people[n % people.length]!;
    const mid = `m_fault_${tag}_${n++}`;
    deliveries.set(mid, { mid, customer: `${person.pageId}:${person.psid}`, firstSentAt: Date.now(), ackedAt: null, attempts: 0 });
    const raw = body(person.pageId, fromCustomer(person.pageId, person.psid, { message: { mid, text: `customer ${mid}` } }));
    const run = deliver(mid, raw).finally(() => inFlight.delete(run));
    inFlight.add(run);
  }, 1000 / rate);

  return {
    deliveries,
    async stop(ms = 30_000) {
      stopped = true;
      clearInterval(timer);
      await Promise.race([Promise.allSettled([...inFlight]), new Promise((r) => setTimeout(r, ms))]);
    },
  };
}

export type AgentSocket = {
  /** Resolves once connected with every page joined. */
  joined: Promise<void>;
  /** mid → when the socket got its new-message, the first time (live, or brought by a catch-up). */
  live: Map<string, number>;
  /** mids whose new-message came in a catch-up's answer rather than as it happened. */
  caughtUp: Set<string>;
  /** Catch-ups asked, and how many answered "refetch" (the feed could not tell). */
  catchUps: () => { asked: number; resets: number };
  /** mids the socket's owner refetched, as the browser does after a reconnect or a resync event. */
  refetched: Set<string>;
  resyncs: () => number;
  /** When each refetch read (ms) and how many rows, or why it failed: to explain an `unseen` figure. */
  refetches: { at: number; rows?: number; error?: string }[];
  /** Reads what is stored now, as the inbox's refetch does. */
  refetch: () => void;
  /** Every new-message as it arrived (when, mid, feed mark, verdict): to explain a missedLive figure. */
  arrivals: { at: number; mid: string; feed: string; verdict: string }[];
  /** How many new-message events arrived for a mid already seen. */
  duplicates: () => number;
  /** What this socket knows of each Page's feed: kept by the socket that replaces it, as the browser keeps it. */
  feeds: PageFeeds;
  connects: () => number;
  /** Why connecting failed, the last few times. */
  errors: string[];
  close: () => void;
};

/**
 * The agent's socket as the browser opens it: reconnects by itself and joins its pages on every connect;
 * after a reconnect or a resync event it refetches (here: what is stored, as the inbox's API would list it).
 */
/** `carried`: the feeds of the socket this one replaces (moveAgentSocket): its first connect is a reconnect. */
export function openAgentSocket(world: FaultWorld, url = world.app.url, carried?: PageFeeds): AgentSocket {
  const feeds = carried ?? new PageFeeds();
  const live = new Map<string, number>();
  const caughtUp = new Set<string>();
  const refetched = new Set<string>();
  const refetches: AgentSocket["refetches"] = [];
  let duplicates = 0;
  let connects = 0;
  let resyncs = 0;
  const catchUps = { asked: 0, resets: 0 };
  // A failed refetch is tried again, as SWR does in the browser (its default error retry).
  const refetch = (attempt = 0): void =>
    void world.db.message.findMany({ where: { mid: { not: null } }, select: { mid: true } }).then(
      (rows) => {
        rows.forEach((r) => refetched.add(r.mid!));
        refetches.push({ at: Date.now(), rows: rows.length });
      },
      (error: Error) => {
        refetches.push({ at: Date.now(), error: error.message });
        if (attempt < 20) setTimeout(() => refetch(attempt + 1), 500);
      },
    );
  const errors: string[] = [];
  let joinedNow: () => void = () => {};
  const joined = new Promise<void>((resolve) => (joinedNow = resolve));
  const socket: Socket = connect(url, { auth: { token: world.token }, transports: ["websocket"], reconnectionDelay: 200, reconnectionDelayMax: 1000 });
  const gapTimers = new Map<string, NodeJS.Timeout>();
  const arrivals: AgentSocket["arrivals"] = [];
  const show = (event: { message?: { mid?: string | null } }, viaCatchUp: boolean) => {
    const mid = event.message?.mid;
    if (!mid) return;
    if (live.has(mid)) duplicates++;
    else live.set(mid, Date.now());
    if (viaCatchUp) caughtUp.add(mid);
  };
  // What the browser does with an event (lib/hooks/use-socket.ts): apply it unless it has it, catch up after a gap.
  type Payload = { pageId?: string; message?: { mid?: string | null }; feed?: unknown };
  const receive = (name: string, payload: Payload, viaCatchUp = false) => {
    const feed = feedOf(payload);
    const note = (verdict: string) =>
      name === SERVER_EVENTS.newMessage && arrivals.push({ at: Date.now(), mid: payload.message?.mid ?? "", feed: feed ? `${feed.epoch.slice(0, 4)}:${feed.seq}` : "-", verdict: viaCatchUp ? `${verdict} (catch-up)` : verdict });
    if (!feed || !payload.pageId) note("unnumbered");
    if (feed && payload.pageId) {
      const verdict = feeds.accept(payload.pageId, feed);
      note(verdict);
      if (verdict === "old") return;
      if (verdict === "gap" && !gapTimers.has(payload.pageId)) {
        const pageId = payload.pageId;
        gapTimers.set(pageId, setTimeout(() => (gapTimers.delete(pageId), catchUp(pageId, feeds.missing(pageId))), 400));
      }
      if (verdict === "restarted") catchUp(payload.pageId, feeds.missing(payload.pageId));
    }
    if (name === SERVER_EVENTS.newMessage) show(payload, viaCatchUp);
  };
  const catchUp = (pageId: string, from: { epoch: string; after: number } | null) => {
    if (!from || !socket.connected) return;
    catchUps.asked++;
    void (socket.timeout(5000).emitWithAck(CLIENT_EVENTS.catchUp, { pageId, ...from }) as Promise<CatchUpReply>)
      .catch((): CatchUpReply => ({ ok: false, error: "no answer" }))
      .then((reply) => {
        if (reply.ok && "events" in reply) return reply.events.forEach((e: FeedEntry) => receive(e.event, { ...(e.payload as object), feed: e.feed }, true));
        catchUps.resets++;
        const newest = feeds.newest(pageId);
        if (newest) feeds.restart(pageId, newest);
        refetch();
      });
  };
  socket.on("connect", () => {
    const reconnect = connects++ > 0 || carried !== undefined;
    void Promise.all(world.pages.map((page) => (socket.timeout(3000).emitWithAck(CLIENT_EVENTS.joinPage, { pageId: page.id }) as Promise<JoinReply>).catch((): JoinReply | null => null))).then((replies) => {
      let whole = false;
      replies.forEach((reply, i) => {
        const pageId = world.pages[i]!.id;
        const joined = reply?.ok ? feeds.joined(pageId, reply.feed) : "new";
        if (joined === "new") whole = reconnect;
        else if (reconnect || joined === "restarted") catchUp(pageId, feeds.position(pageId));
      });
      if (whole) refetch();
      joinedNow();
    });
  });
  socket.on(SERVER_EVENTS.resync, () => {
    resyncs++;
    refetch();
  });
  socket.on("connect_error", (error) => errors.splice(0, errors.length - 4, error.message));
  for (const name of [SERVER_EVENTS.newMessage, SERVER_EVENTS.conversationUpdated, SERVER_EVENTS.messageUpdated, SERVER_EVENTS.messageStatus, SERVER_EVENTS.threadControl]) {
    socket.on(name, (payload: Payload) => receive(name, payload));
  }
  return {
    joined,
    live,
    caughtUp,
    catchUps: () => ({ ...catchUps }),
    refetched,
    resyncs: () => resyncs,
    refetches,
    refetch,
    arrivals,
    duplicates: () => duplicates,
    connects: () => connects,
    errors,
    close: () => socket.disconnect(),
    feeds,
  };
}

/** The app to reconnect to after it was replaced: the browser reaches the new one at the same address. */
export function moveAgentSocket(world: FaultWorld, old: AgentSocket): AgentSocket {
  old.close();
  // The browser's reconnect: the same page, its feeds' places kept, to catch up from.
  const fresh = openAgentSocket(world, world.app.url, old.feeds);
  for (const [mid, at] of old.live) fresh.live.set(mid, at);
  for (const mid of old.caughtUp) fresh.caughtUp.add(mid);
  for (const mid of old.refetched) fresh.refetched.add(mid);
  // In its rooms again, each Page catches up from the last number it has (a refetch where the feed cannot tell).
  return fresh;
}

/**
 * missedLive: acknowledged but never on the socket as an event (live, or brought by a catch-up); caughtUp:
 * those a catch-up brought; unseen: not even after the refetches a reconnect, a reset feed or a resync event
 * caused — what an agent would not see without reloading.
 */
export type Figures = { acknowledged: number; lost: number; duplicated: number; unacknowledged: number; pendingDeliveries: number; missedLive: number; caughtUp: number; unseen: number; staleSummaries: number };

/**
 * Conversations whose list row does not show the customer's newest message: a backlog taken out of order
 * (Meta's retries arrive in any order after an outage) must still leave each row on the newest one.
 */
async function staleSummaries(world: FaultWorld, acked: Delivery[]): Promise<number> {
  const newest = new Map<string, Delivery>();
  for (const d of acked) if ((newest.get(d.customer)?.firstSentAt ?? -1) < d.firstSentAt) newest.set(d.customer, d);
  const texts = [...newest.values()].map((d) => `customer ${d.mid}`);
  return newest.size - (await world.db.conversation.count({ where: { lastMessageText: { in: texts } } }));
}

/** After the stream stopped and the worker drained: what was acknowledged and stored, once each. */
export async function countInbound(world: FaultWorld, stream: CustomerStream, socket: AgentSocket): Promise<Figures> {
  const ackedDeliveries = [...stream.deliveries.values()].filter((d) => d.ackedAt !== null);
  const acked = ackedDeliveries.map((d) => d.mid);
  const rows = await world.db.message.groupBy({ by: ["mid"], where: { mid: { in: acked } }, _count: { _all: true } });
  const stored = new Map(rows.map((r) => [r.mid!, r._count._all]));
  return {
    acknowledged: acked.length,
    lost: acked.filter((mid) => !stored.has(mid)).length,
    duplicated: rows.filter((r) => r._count._all > 1).length + socket.duplicates(),
    unacknowledged: stream.deliveries.size - acked.length,
    pendingDeliveries: await world.db.webhookEvent.count({ where: { processedAt: null } }),
    missedLive: acked.filter((mid) => !socket.live.has(mid)).length,
    caughtUp: acked.filter((mid) => socket.caughtUp.has(mid)).length,
    unseen: acked.filter((mid) => !socket.live.has(mid) && !socket.refetched.has(mid)).length,
    staleSummaries: await staleSummaries(world, ackedDeliveries),
  };
}

/**
 * Seconds from `since` (the dependency back, the process restarted) until a message first delivered after
 * it reached the agent's socket: when customers' messages reach agents again. Null if none did within `ms`.
 */
export async function recoverySeconds(stream: CustomerStream, socket: AgentSocket, since: number, ms = 20_000): Promise<number | null> {
  const deadline = Date.now() + ms;
  for (;;) {
    const reached = [...stream.deliveries.values()].filter((d) => d.firstSentAt >= since && socket.live.has(d.mid)).map((d) => socket.live.get(d.mid)!);
    if (reached.length) return (Math.min(...reached) - since) / 1000;
    if (Date.now() > deadline) return null;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until the worker processed every stored delivery. */
export async function drained(world: FaultWorld, ms = 20_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if ((await world.db.webhookEvent.count({ where: { processedAt: null } }).catch(() => -1)) === 0) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}
