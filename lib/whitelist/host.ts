// Host normalisation shared by links and patterns, so both sides of a comparison are spelled the same way.
// Browser-safe: only the WHATWG URL parser (node:url's domainToASCII is not available in browsers).

/** A web address reduced to what decides where it leads. */
export type WebAddress = {
  /** Lowercase, punycode (xn--…), no trailing dot; IPv4 in dotted form, IPv6 in brackets. */
  host: string;
  /** "" when absent or a default web port (80, 443). */
  port: string;
  /** Always starts with "/"; "." and ".." segments already resolved. */
  path: string;
  /** "" or "?…". */
  query: string;
  isIp: boolean;
};

// Schemes the URL parser treats as "special": their hosts get IDNA (punycode) and IPv4 number parsing
// ("http://2130706433" → 127.0.0.1), which is what a browser does before it connects.
const SPECIAL_SCHEMES = new Set(["http", "https", "ftp", "ws", "wss"]);
const DEFAULT_WEB_PORTS = new Set(["80", "443"]);
// What a normalised hostname may look like. Anything else ("*", "a_b", "%") is no host we can match.
const HOST_SHAPE = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

export function isIpHost(host: string): boolean {
  return IPV4.test(host) || host.startsWith("[");
}

/**
 * Parses what follows "scheme://" (userinfo, host, port, path…) the way a browser would: userinfo is
 * dropped ("good.com@evil.com" leads to evil.com), "\" counts as "/", percent-escapes in the host are
 * decoded, IDN hosts become punycode. Returns null when no usable host comes out.
 */
export function parseWebAddress(address: string, scheme = "http"): WebAddress | null {
  const base = SPECIAL_SCHEMES.has(scheme) ? scheme : "http";
  let url: URL;
  try {
    url = new URL(`${base}://${address}`);
  } catch {
    return null;
  }
  // A trailing dot names the same host ("evil.com." is evil.com), so it must not dodge a comparison.
  const host = url.hostname.replace(/\.+$/, "");
  if (!HOST_SHAPE.test(host)) return null;
  return {
    host,
    port: DEFAULT_WEB_PORTS.has(url.port) ? "" : url.port,
    path: url.pathname || "/",
    query: url.search,
    isIp: isIpHost(host),
  };
}

/**
 * Lowercase + punycode + no trailing dot, or null when it is not a plain host name. Only letters, digits,
 * marks, hyphens and dots are let through: the URL parser would quietly "repair" other input
 * ("ex%41mple.com" → example.com), and a host must be valid as written. ASCII needs no parser.
 */
export function toAsciiHost(name: string): string | null {
  const lower = name.toLowerCase().replace(/[.\u3002\uff0e\uff61]+$/, "");
  if (!lower || !/^[\p{L}\p{N}\p{M}.\-\u3002\uff0e\uff61]+$/u.test(lower)) return null;
  if (/^[a-z0-9.-]+$/.test(lower)) return lower;
  return parseWebAddress(lower)?.host ?? null;
}
