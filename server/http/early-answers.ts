import { createServer, ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders, type RequestListener, type Server } from "node:http";
import type { Socket } from "node:net";

// An answer written before the request's body was read to its end — a 401 before an upload, a 413 for a
// body over its cap, a 405, Next's 404 — must not leave the rest of that body in a kept-alive connection:
// the connection's next request would sit behind bytes nobody reads, and a keep-alive client would wait
// for an answer that never comes (issue 29: after a 2 MB JSON body, the next request on the connection
// got none). Every HTTP server of the app is made here, so every answer, whoever writes it, goes through
// one rule: an answer that starts while the body is unread says `Connection: close`; after it, what is
// left is read and thrown away up to LINGER_BYTES or LINGER_MS (so the client reads the answer rather
// than a reset in the middle of its upload), then the connection is closed. A request that arrives behind
// such an answer on the same connection is never served (RFC 9112 §9.6).

/** How much of an abandoned body is read and discarded after the answer, at most. */
export const LINGER_BYTES = 1024 * 1024;
/** How long the connection waits for the client to stop sending, at most. */
export const LINGER_MS = 2_000;
const LINGER_CHECK_MS = 50;

/** Connections answered with `Connection: close` because a body was left unread. */
const closing = new WeakSet<Socket>();

const hasBody = (req: IncomingMessage) => req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;

/** True while the request's body has bytes the server has not received yet. */
export const bodyUnread = (req: IncomingMessage) => hasBody(req) && !req.complete;

/** The app's responses: an answer written before the request's body was read closes the connection. */
export class EarlyAnswerResponse extends ServerResponse {
  override writeHead(statusCode: number, reasonOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[], headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this {
    if (!this.headersSent && bodyUnread(this.req)) {
      this.setHeader("Connection", "close");
      lingerAfterAnswer(this.req);
    }
    // The two overloads of writeHead: (status, headers) and (status, reason, headers), passed on as given.
    return typeof reasonOrHeaders === "string" ? super.writeHead(statusCode, reasonOrHeaders, headers) : super.writeHead(statusCode, reasonOrHeaders);
  }
}

/**
 * Node ends a `Connection: close` response's socket with `destroySoon()` once the answer is written, and
 * destroying it with unread bytes sends a reset that can reach the client before it has read the answer.
 * In its place: half-close after the answer, read and discard a bounded amount, then close.
 */
function lingerAfterAnswer(req: IncomingMessage): void {
  const socket = req.socket;
  if (closing.has(socket)) return;
  closing.add(socket);
  socket.destroySoon = () => {
    // Nothing reads the body any more: whoever held it gave up when it answered.
    req.removeAllListeners("data");
    req.resume();
    socket.end();
    const limit = socket.bytesRead + LINGER_BYTES;
    const deadline = Date.now() + LINGER_MS;
    const check = setInterval(() => {
      if (socket.bytesRead > limit || Date.now() > deadline) socket.destroy();
    }, LINGER_CHECK_MS);
    socket.once("close", () => clearInterval(check));
  };
}

/** An HTTP server of the app: its answers follow the rule above, and nothing behind a closing answer is served. */
export function createAppHttpServer(listener: RequestListener<typeof IncomingMessage, typeof EarlyAnswerResponse>): Server<typeof IncomingMessage, typeof EarlyAnswerResponse> {
  return createServer({ ServerResponse: EarlyAnswerResponse }, (req, res) => {
    if (closing.has(req.socket)) return void req.socket.destroy();
    listener(req, res);
  });
}
