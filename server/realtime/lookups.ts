import { userOfToken } from "@/server/services/auth/actor";
import type { SocketActor } from "@/server/realtime/types";
import { visiblePageOf } from "@/server/access/pages";

// The two reads of every socket connect: who the token names, and (once per page the inbox shows) whether
// they may join that page's room. After a deploy or a network blip a Page's 1 000 agents reconnect at once,
// so these run a thousand times in a few seconds. Through Prisma 7 each connect allocated ~225 KB (130 KB of
// it in Prisma, its adapter and pg) and took 3.7 ms of server CPU; with plain pg and prepared statements, as
// on the webhook hot path (server/db/direct.ts), ~107 KB and 2.1–2.5 ms (tests/bench/socket-memory.ts
// --alloc, docs/performance/history-2026-11.md §6). Less garbage per connect is less memory in a reconnect storm. Joins of
// a conversation and everything else about sockets stay on Prisma.

/**
 * The user a bearer token names, as a socket keeps it; null for a bad or expired token and for an unknown
 * or deactivated user. The same read as an API request's actor (server/services/auth/actor.ts), on every connect so
 * a ban ends access at once.
 */
export async function socketActorFromToken(token: string | null): Promise<SocketActor | null> {
  const user = await userOfToken(token);
  if (!user?.is_active) return null;
  return { id: user.id, name: user.name, role: user.role, companyId: user.company_id };
}

/** Our id of the page `pageId` names (our id or Facebook's) if the actor may see it, else null. */
export async function visiblePageIdFor(actor: SocketActor, pageId: string): Promise<string | null> {
  return (await visiblePageOf(actor, pageId))?.id ?? null;
}
