// Calls a route handler the way Next.js does: a Request plus a context whose params are a promise.

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export type CallOptions = { body?: unknown; rawBody?: string; token?: string; params?: Record<string, string>; query?: Record<string, string>; ip?: string; headers?: Record<string, string> };

export async function call(handler: Handler, method: string, path: string, options: CallOptions = {}) {
  const url = new URL(`http://localhost${path}`);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = { "x-switchboard-client-ip": options.ip ?? "10.0.0.1", ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] = "application/json";
  }
  const response = await handler(new Request(url, { method, headers, body }), { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}
