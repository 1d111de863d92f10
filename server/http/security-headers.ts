import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppEnv as Env } from "@/server/env";

// Security headers for every response of the custom server, and a strict Content-Security-Policy with a
// per-request nonce for the screens. Next reads the nonce from the *request's* CSP header and puts it on
// every script it renders (the root layout renders dynamically, so no HTML is served without one).
// The bearer token lives in localStorage (PRODUCT §3): the CSP is what stands between an injected script and
// that token, and frame-ancestors stops the inbox from being framed (clickjacking).

/**
 * Meta's CDNs: customer profile pictures and (until copied) attachment images come from there; Instagram's
 * media and stories are never copied and always load from there (docs/DECISIONS.md).
 */
const META_IMAGE_HOSTS = ["https://*.fbcdn.net", "https://*.fbsbx.com", "https://*.facebook.com", "https://*.cdninstagram.com"];

function origin(url: string | undefined): string | null {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(config: Pick<Env, "APP_URL" | "GRAPH_API_URL" | "isProduction">, nonce: string): string {
  const app = new URL(config.APP_URL);
  const socket = `${app.protocol === "https:" ? "wss" : "ws"}://${app.host}`;
  // In development and tests the Graph API is the Messenger simulator, which also serves the images.
  const graph = origin(config.GRAPH_API_URL);
  const imageSources = ["'self'", "data:", "blob:", ...META_IMAGE_HOSTS, ...(graph && !graph.endsWith(".facebook.com") ? [graph] : [])];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // 'strict-dynamic': scripts Next loads from a nonced script are trusted; nothing else runs.
    "script-src": ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(config.isProduction ? [] : ["'unsafe-eval'"])],
    // Style attributes (Radix positioning, toasts) cannot carry a nonce; styles cannot run code.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": imageSources,
    "media-src": imageSources,
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", socket, ...(config.isProduction ? [] : ["ws:"])],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    "frame-src": ["'none'"],
    "worker-src": ["'self'", "blob:"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** Headers every response carries, screens and API alike. */
export function baseSecurityHeaders(config: Pick<Env, "isProduction">): Record<string, string> {
  return {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    ...(config.isProduction ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/**
 * Puts the headers on `res` before Next handles the request; for a screen (anything outside /api and
 * Next's static files) also the CSP, on the response and on the request for Next to read the nonce from.
 */
export function applySecurityHeaders(req: IncomingMessage, res: ServerResponse, config: Env): void {
  for (const [name, value] of Object.entries(baseSecurityHeaders(config))) res.setHeader(name, value);
  const path = (req.url ?? "/").split("?")[0]!;
  if (path.startsWith("/api/") || path.startsWith("/_next/static/")) return;
  const policy = contentSecurityPolicy(config, randomBytes(16).toString("base64"));
  req.headers["content-security-policy"] = policy;
  res.setHeader("Content-Security-Policy", policy);
}
