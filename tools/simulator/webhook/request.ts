import http from "node:http";
import https from "node:https";

// One HTTP request to the app's webhook (a signed POST, or the GET subscription handshake) with a
// deadline. node:http rather than fetch so the body goes out byte for byte as signed and the connection
// pool can be destroyed on close.

export type RequestResult = { status: number; body: string } | { status: null; error: string };

export type Agents = { http: http.Agent; https: https.Agent };

/** One pair per simulator, so closing one simulator never cuts another's connections. */
export function createAgents(): Agents {
  return { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
}

export function destroyAgents(agents: Agents): void {
  agents.http.destroy();
  agents.https.destroy();
}

export type OutgoingRequest = {
  method?: "POST" | "GET";
  url: string;
  rawBody?: string;
  headers?: Record<string, string>;
  timeoutMs: number;
  signal: AbortSignal;
  agents: Agents;
};

export function requestOnce({ method = "POST", url, rawBody = "", headers = {}, timeoutMs, signal, agents }: OutgoingRequest): Promise<RequestResult> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve({ status: null, error: `invalid webhook URL ${url}` });
      return;
    }
    const isHttps = target.protocol === "https:";
    const request = (isHttps ? https : http).request(target, {
      method,
      agent: isHttps ? agents.https : agents.http,
      headers: {
        "User-Agent": "facebookexternalua",
        ...(method === "POST" ? { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(rawBody)) } : {}),
        ...headers,
      },
      signal,
    });
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8").slice(0, 500) });
      });
      response.on("error", (error) => {
        clearTimeout(timer);
        resolve({ status: null, error: error.message });
      });
    });
    request.on("error", (error) => {
      clearTimeout(timer);
      resolve({ status: null, error: error.message });
    });
    request.end(method === "POST" ? rawBody : undefined);
  });
}
