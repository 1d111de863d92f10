import type { Socket, Server } from "socket.io";
import type { Actor } from "@/server/services/auth/actor";
import type { ClientToServerEvents, ServerToClientEvents } from "@/lib/contract/socket-events";

// The realtime layer's types, apart from index.ts so that rooms, presence and budgets can name a socket
// without importing the module that imports them (no import circle).

/** Who a socket acts for: what the room checks and presence read, nothing more (no e-mail, no token). */
export type SocketActor = Pick<Actor, "id" | "name" | "role" | "companyId">;
export type SocketData = {
  actor: SocketActor;
  /** The session its token names: signing out ends the session's sockets (server/services/auth/end-sessions.ts). */
  sessionId: string;
  /** Token buckets (budget.ts). */
  joinTokens: number;
  joinRefilledAt: number;
  presenceTokens: number;
  presenceRefilledAt: number;
  /** This socket's typing state in the conversation it watches, and when its presence entry was last written (presence.ts). */
  typing: boolean;
  presenceWrittenAt: number;
  /** The comment this socket says its agent is answering, and when it last said so (comment-typing.ts). */
  commentTyping?: { pageId: string; commentId: string; at: number };
  /** The conversation joins of this socket, one after the other (rooms.ts). */
  conversationJoins?: Promise<void>;
};
/** Socket.IO typed by the contract (lib/contract/socket-events.ts); no events between app servers of ours. */
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type AuthedSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
