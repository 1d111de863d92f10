import { afterEach, describe, expect, it } from "vitest";
import * as meRoute from "@/app/api/auth/me/route";
import * as signOutUserRoute from "@/app/api/users/[id]/sign-out/route";
import { db } from "@/server/db";
import { emitToRooms } from "@/server/realtime/emit";
import { userRoom } from "@/server/realtime/room-names";
import { eventually, openSocket } from "./support/channel";
import { makeCompany, makeUser, tokenFor } from "./support/factory";
import { call } from "./support/http";
import { startRealServer } from "./support/real-server";

// Issue 29 point 9: signing out ends the session on the server. A signed-out token is refused on its next
// request, and its open sockets — on every app instance — are closed and cannot connect again.

type Server = Awaited<ReturnType<typeof startRealServer>>;
type Socket = Awaited<ReturnType<typeof openSocket>>;
const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  while (servers.length) await servers.pop()!.close();
});

/** Two app instances: sockets on `one`, the API on `two` (whose Socket.IO server is the one services use). */
async function instances() {
  const one = await startRealServer({ realtime: true });
  servers.push(one);
  const two = await startRealServer({ realtime: true });
  servers.push(two);
  const api = (method: string, path: string, token: string) => fetch(`${two.url}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  return { one, two, api };
}

async function socketOn(url: string, token: string) {
  const socket = await openSocket(url, token);
  sockets.push(socket);
  const closed = new Promise<string>((resolve) => socket.socket.on("disconnect", (reason) => resolve(reason)));
  return { ...socket, closed };
}

/** Whether the socket still gets what is sent to its user: proof it is open, without waiting on a timer. */
async function stillLive(socket: Socket, userId: string) {
  const marker = `ping-${Math.random()}`;
  emitToRooms([userRoom(userId)], "test-ping" as never, { marker } as never);
  return Boolean(await eventually(() => socket.events.find((e) => (e.payload as { marker?: string } | undefined)?.marker === marker), Boolean));
}

async function me(token: string) {
  return (await call(meRoute.GET, "GET", "/api/auth/me", { token })).status;
}

describe("sign out (this session)", () => {
  it("refuses the token on HTTP, closes its socket on another instance, refuses its reconnect; the user's other session lives on", async () => {
    const acme = await makeCompany();
    const ann = await makeUser("staff", acme.id);
    const [laptop, phone] = [await tokenFor(ann), await tokenFor(ann)];
    const { one, api } = await instances();
    const laptopSocket = await socketOn(one.url, laptop);
    const phoneSocket = await socketOn(one.url, phone);

    const res = await api("POST", "/api/auth/sign-out", laptop);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: "Signed out" });

    expect(await laptopSocket.closed).toBe("io server disconnect");
    expect((await api("GET", "/api/auth/me", laptop)).status).toBe(401);
    await expect(openSocket(one.url, laptop)).rejects.toThrow(/unauthorized/);
    // Signing out twice: the token is simply no longer valid.
    expect((await api("POST", "/api/auth/sign-out", laptop)).status).toBe(401);

    expect((await api("GET", "/api/auth/me", phone)).status).toBe(200);
    expect(await stillLive(phoneSocket, ann.id)).toBe(true);
    expect(phoneSocket.socket.connected).toBe(true);
  });
});

describe("sign out everywhere", () => {
  it("ends every session of the user, on HTTP and sockets, and no other user's", async () => {
    const acme = await makeCompany();
    const ann = await makeUser("staff", acme.id);
    const bob = await makeUser("staff", acme.id);
    const [laptop, phone, bobs] = [await tokenFor(ann), await tokenFor(ann), await tokenFor(bob)];
    const { one, two, api } = await instances();
    const laptopSocket = await socketOn(one.url, laptop);
    const phoneSocket = await socketOn(two.url, phone);
    const bobSocket = await socketOn(one.url, bobs);

    const res = await api("POST", "/api/auth/sign-out-everywhere", phone);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: "Signed out on every device", sessions: 2 });

    expect(await laptopSocket.closed).toBe("io server disconnect");
    expect(await phoneSocket.closed).toBe("io server disconnect");
    expect(await me(laptop)).toBe(401);
    expect(await me(phone)).toBe(401);
    await expect(openSocket(one.url, laptop)).rejects.toThrow(/unauthorized/);
    expect(await db.session.count({ where: { userId: ann.id } })).toBe(0);

    expect(await me(bobs)).toBe(200);
    expect(await stillLive(bobSocket, bob.id)).toBe(true);
    // Signing in again opens a new session that works.
    expect(await me(await tokenFor(ann))).toBe(200);
  });
});

describe("an admin signs a member out everywhere", () => {
  async function companies() {
    const acme = await makeCompany("Acme");
    const globex = await makeCompany("Globex");
    return {
      acme,
      owner: await makeUser("company_admin", acme.id),
      admin: await makeUser("admin", acme.id),
      staff: await makeUser("staff", acme.id),
      globexOwner: await makeUser("company_admin", globex.id),
      root: await makeUser("super_admin", null),
    };
  }
  const signOutUser = async (actor: { id: string }, targetId: string) =>
    call(signOutUserRoute.POST, "POST", `/api/users/${targetId}/sign-out`, { token: await tokenFor(actor), params: { id: targetId } });

  it("a company admin ends a staff member's sessions and live sockets", async () => {
    const w = await companies();
    const staffToken = await tokenFor(w.staff);
    const { one } = await instances();
    const socket = await socketOn(one.url, staffToken);
    const res = await signOutUser(w.owner, w.staff.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: "User signed out on every device", sessions: 1 });
    expect(await socket.closed).toBe("io server disconnect");
    expect(await me(staffToken)).toBe(401);
    await expect(openSocket(one.url, staffToken)).rejects.toThrow(/unauthorized/);
  });

  it("follows the user-management rules: another company's user 404, a peer or superior 403, staff 403; the super admin may", async () => {
    const w = await companies();
    const tokens = { staff: await tokenFor(w.staff), owner: await tokenFor(w.owner), admin: await tokenFor(w.admin) };

    expect((await signOutUser(w.globexOwner, w.staff.id)).status).toBe(404);
    expect((await signOutUser(w.globexOwner, w.owner.id)).status).toBe(404);
    expect((await signOutUser(w.admin, w.owner.id)).status).toBe(403);
    expect((await signOutUser(w.staff, w.admin.id)).status).toBe(403);
    expect((await signOutUser(w.owner, "not-a-user")).status).toBe(404);
    // None of those ended anything.
    for (const token of Object.values(tokens)) expect(await me(token)).toBe(200);

    expect((await signOutUser(w.admin, w.staff.id)).status).toBe(200);
    expect(await me(tokens.staff)).toBe(401);
    expect(await me(tokens.owner)).toBe(200);
    expect((await signOutUser(w.root, w.owner.id)).status).toBe(200);
    expect(await me(tokens.owner)).toBe(401);
    expect(await me(tokens.admin)).toBe(200);
  });
});
