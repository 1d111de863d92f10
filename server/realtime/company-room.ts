import type { Redis } from "ioredis";
import { io } from "@/server/realtime/index";
import { pageRoom } from "@/server/realtime/rooms";
import type { AuthedSocket } from "@/server/realtime/index";
import { createRedis } from "@/server/redis";

// The company's room: every company_admin/admin socket of a company joins it on connection, so events
// about company-wide work (bulk offer progress) reach its admins without a join call. The worker has no
// Socket.IO server, so emitToCompany also speaks the Redis adapter's wire protocol (what
// @socket.io/redis-emitter does): the app servers' adapters receive it and deliver to their sockets.

export const companyRoom = (companyId: string) => `company:${companyId}`;

const COMPANY_ROLES = new Set(["company_admin", "admin"]);

/** Joins the socket to its company's room when its actor is a company admin or admin. */
export async function joinCompanyRoom(socket: AuthedSocket): Promise<void> {
  const { role, companyId } = socket.data.actor;
  if (companyId && COMPANY_ROLES.has(role)) await socket.join(companyRoom(companyId));
}

/**
 * Emits to the company's room and, when given, the page's room (a socket in both gets it once). In the
 * app server this goes through Socket.IO; elsewhere (the worker) through Redis to every app server.
 */
export async function emitToCompany(companyId: string, event: string, payload: unknown, pageId?: string): Promise<void> {
  const rooms = [companyRoom(companyId), ...(pageId ? [pageRoom(pageId)] : [])];
  const server = io();
  if (server) {
    server.to(rooms).emit(event, payload);
    return;
  }
  await publishThroughAdapter(rooms, event, payload);
}

// ── The adapter's wire format ────────────────────────────────────────────────────────────────────────
// @socket.io/redis-adapter subscribes to "socket.io#/#*" and decodes msgpack [uid, packet, opts]; a
// broadcast to several rooms goes on the namespace channel with opts.rooms listing them.

const CHANNEL = "socket.io#/#";
const EMITTER_UID = "switchboard-worker";
const EVENT_PACKET = 2;

const globalForPublisher = globalThis as unknown as { switchboardRealtimePublisher?: Redis };

export async function publishThroughAdapter(rooms: string[], event: string, payload: unknown): Promise<void> {
  globalForPublisher.switchboardRealtimePublisher ??= createRedis({ maxRetriesPerRequest: 1 });
  const packet = { type: EVENT_PACKET, data: [event, JSON.parse(JSON.stringify(payload ?? null))], nsp: "/" };
  const message = encodeMsgpack([EMITTER_UID, packet, { rooms, except: [], flags: {} }]);
  const channel = rooms.length === 1 ? `${CHANNEL}${rooms[0]}#` : CHANNEL;
  await globalForPublisher.switchboardRealtimePublisher.publish(channel, message);
}

/** Closes the publisher connection (tests, scripts). */
export function closeAdapterPublisher(): void {
  globalForPublisher.switchboardRealtimePublisher?.disconnect();
  globalForPublisher.switchboardRealtimePublisher = undefined;
}

/** MessagePack for JSON values only (what a socket payload is after JSON round-tripping). */
export function encodeMsgpack(value: unknown): Buffer {
  const parts: Buffer[] = [];
  write(value, parts);
  return Buffer.concat(parts);
}

function header(parts: Buffer[], bytes: number[]) {
  parts.push(Buffer.from(bytes));
}

/** A length prefix: the fix form when it fits, else the 8/16/32-bit form (arrays and maps have no 8-bit one). */
function lengthPrefix(parts: Buffer[], length: number, fix: { max: number; base: number }, codes: { c8?: number; c16: number; c32: number }) {
  if (length <= fix.max) return header(parts, [fix.base | length]);
  if (codes.c8 !== undefined && length < 0x100) return header(parts, [codes.c8, length]);
  const buffer = Buffer.alloc(length < 0x10000 ? 3 : 5);
  buffer.writeUInt8(length < 0x10000 ? codes.c16 : codes.c32, 0);
  if (length < 0x10000) buffer.writeUInt16BE(length, 1);
  else buffer.writeUInt32BE(length, 1);
  parts.push(buffer);
}

function write(value: unknown, parts: Buffer[]): void {
  if (value === null || value === undefined) return header(parts, [0xc0]);
  if (value === true || value === false) return header(parts, [value ? 0xc3 : 0xc2]);
  if (typeof value === "number") return writeNumber(value, parts);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    lengthPrefix(parts, bytes.length, { max: 31, base: 0xa0 }, { c8: 0xd9, c16: 0xda, c32: 0xdb });
    parts.push(bytes);
    return;
  }
  if (Array.isArray(value)) {
    lengthPrefix(parts, value.length, { max: 15, base: 0x90 }, { c16: 0xdc, c32: 0xdd });
    for (const item of value) write(item, parts);
    return;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  lengthPrefix(parts, entries.length, { max: 15, base: 0x80 }, { c16: 0xde, c32: 0xdf });
  for (const [key, item] of entries) {
    write(key, parts);
    write(item, parts);
  }
}

function writeNumber(value: number, parts: Buffer[]): void {
  if (Number.isInteger(value) && value >= 0 && value < 0x80) return header(parts, [value]);
  if (Number.isInteger(value) && value < 0 && value >= -32) return header(parts, [0xe0 | (value + 32)]);
  const buffer = Buffer.alloc(Number.isInteger(value) && value >= -0x80000000 && value <= 0xffffffff ? 5 : 9);
  if (buffer.length === 9) {
    buffer.writeUInt8(0xcb, 0);
    buffer.writeDoubleBE(value, 1);
  } else if (value >= 0) {
    buffer.writeUInt8(0xce, 0);
    buffer.writeUInt32BE(value, 1);
  } else {
    buffer.writeUInt8(0xd2, 0);
    buffer.writeInt32BE(value, 1);
  }
  parts.push(buffer);
}
