import type { ServerResponse } from "node:http";

// Writing responses. Everything the simulator serves is small, so bodies are sent in one piece.

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json; charset=UTF-8", "Content-Length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function sendContent(res: ServerResponse, status: number, contentType: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "Content-Type": contentType, "Content-Length": Buffer.byteLength(body), ...headers });
  res.end(body);
}
