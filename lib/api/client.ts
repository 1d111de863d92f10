import { clearSession, TOKEN_KEY } from "@/lib/session";

// The browser's one way to call /api: bearer token from the session, JSON in and out, and the rule of
// PRODUCT §2/§8 that any 401 or 403 on an authenticated call clears the session and goes to /.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** Per-field messages the server sent with a 400, keyed by field name. */
  get fields(): Record<string, string> {
    const fields = this.body.fields;
    return fields && typeof fields === "object" ? (fields as Record<string, string>) : {};
  }
}

type ApiOptions = Omit<RequestInit, "body"> & { body?: unknown; query?: Record<string, string | number | boolean | undefined> };

/** Called on 401/403 with a session; replaceable so tests and the auth provider can observe it. */
let onUnauthorized = () => {
  clearSession();
  window.location.assign("/");
};
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export function apiUrl(path: string, query?: ApiOptions["query"]): string {
  const url = path.startsWith("/api") ? path : `/api${path.startsWith("/") ? "" : "/"}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

export async function api<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  const { body, query, headers, ...init } = options;
  const token = typeof window !== "undefined" ? window.localStorage.getItem(TOKEN_KEY) : null;
  const isForm = typeof FormData !== "undefined" && body instanceof FormData;
  const response = await fetch(apiUrl(path, query), {
    ...init,
    headers: {
      Accept: "application/json",
      ...(body !== undefined && !isForm ? { "Content-Type": "application/json" } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
  });
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = { error: text };
  }
  if (!response.ok) {
    const payload = (data && typeof data === "object" ? data : {}) as Record<string, unknown>;
    const message = typeof payload.error === "string" ? payload.error : typeof payload.message === "string" ? payload.message : `Request failed (${response.status})`;
    // Only a call made with a session can lose it; the sign-in calls show their own errors.
    if ((response.status === 401 || response.status === 403) && token) onUnauthorized();
    throw new ApiError(response.status, message, payload);
  }
  return data as T;
}

/** The message to show for a failed call: the server's when it sent one, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message && !error.message.startsWith("Request failed")) return error.message;
  return fallback;
}
