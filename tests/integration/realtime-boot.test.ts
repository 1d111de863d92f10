import net from "node:net";
import { afterEach, expect, it } from "vitest";
import { publishToRooms } from "@/server/realtime/emit";
import { pageRoom } from "@/server/realtime/room-names";
import { CLIENT_EVENTS, SERVER_EVENTS } from "@/lib/contract/socket-events";
import { eventually, openSocket } from "./support/channel";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { startApp, type AppInstance } from "./support/fleet";
import { redisAddress } from "../support/redis-address";

// An app just started — after a SIGKILL, with Meta's retries arriving at once — must not let a socket join
// its rooms before its Redis adapter listens: what the worker publishes in between would reach no one, and
// the browser's refetch right after joining does not cover it (issue 30, the app SIGKILL run's unseen
// messages). A proxy in front of Redis holds the adapter's PSUBSCRIBE until the test lets it go, as a
// loaded machine or a slow Redis would hold it.

const HOLD_MS = 3_000;
let app: AppInstance | undefined;
let proxy: net.Server | undefined;
let release: () => void = () => {};

afterEach(async () => {
  release();
  app?.kill("SIGKILL");
  await app?.exited;
  proxy?.close();
  app = proxy = undefined;
});

/** Forwards to Redis; every connection's bytes from its first PSUBSCRIBE on wait until `release()`. */
async function subscribeHoldingProxy(target: URL): Promise<number> {
  const released = new Promise<void>((resolve) => (release = resolve));
  proxy = net.createServer((client) => {
    const { host, port } = redisAddress(target.toString());
    const upstream = net.connect(port, host);
    let held: Promise<void> | null = null;
    client.on("data", (chunk) => {
      if (!held && /psubscribe/i.test(chunk.toString("latin1"))) held = released;
      if (held) held = held.then(() => void upstream.write(chunk));
      else upstream.write(chunk);
    });
    upstream.on("data", (chunk) => client.write(chunk));
    const end = () => (client.destroy(), upstream.destroy());
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
  });
  await new Promise<void>((resolve) => proxy!.listen(0, "127.0.0.1", resolve));
  return (proxy.address() as net.AddressInfo).port;
}

it("a new app's sockets join only once its Redis adapter is subscribed, so nothing published after the join is lost", { timeout: 60_000 }, async () => {
  const company = await makeCompany();
  const staff = await makeUser("staff", company.id);
  const page = await makePage(company.id, [staff.id]);
  const redisUrl = new URL(process.env.REDIS_URL!);
  const port = await subscribeHoldingProxy(redisUrl);
  app = startApp({ REDIS_URL: `redis://127.0.0.1:${port}${redisUrl.pathname}` });
  await eventually(() => fetch(`${app!.url}/api/health/live`).then((r) => r.ok, () => false), Boolean, 30_000);
  // The app serves; its adapter's subscription reaches Redis a moment later.
  setTimeout(release, HOLD_MS);

  const socket = await openSocket(app.url, await tokenFor(staff));
  try {
    expect(await socket.emit(CLIENT_EVENTS.joinPage, { pageId: page.id })).toMatchObject({ ok: true });
    // Joined: from here on the page's events must arrive (the browser refetched just now).
    publishToRooms([pageRoom(page.id)], SERVER_EVENTS.resync, { reason: "worker-started" });
    const heard = await eventually(() => socket.events.filter((e) => e.name === SERVER_EVENTS.resync).length, (n) => n > 0, 2 * HOLD_MS);
    expect(heard).toBe(1);
  } finally {
    socket.close();
  }
});
