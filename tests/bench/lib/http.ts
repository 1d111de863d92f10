import http from "node:http";

// Plain node:http with a keep-alive agent: the load generator adds as little as possible to the latency.

/** `serverMs`: the app's own time, from a `Server-Timing: app;dur=…` header when it sends one. */
export type HttpResult = { status: number; body: string; ms: number; serverMs?: number };

function serverTimingMs(header: string | string[] | undefined): number | undefined {
  const match = /\bapp;dur=([\d.]+)/.exec(Array.isArray(header) ? header.join(",") : (header ?? ""));
  return match ? Number(match[1]) : undefined;
}

export function keepAliveAgent(maxSockets: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
}

export function request(agent: http.Agent, url: string, init: { method?: string; headers?: Record<string, string>; body?: string | Buffer; timeoutMs?: number } = {}): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(url, { method: init.method ?? "GET", agent, headers: init.headers, timeout: init.timeoutMs ?? 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), ms: performance.now() - started, serverMs: serverTimingMs(res.headers["server-timing"]) }),
      );
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`timed out: ${url}`)));
    req.on("error", reject);
    req.end(init.body);
  });
}
