import { parseWebAddress, toAsciiHost } from "@/lib/whitelist/host";

// Whitelist entry rules of PRODUCT §3 (derived type, badge colours) and §5 (validation), shared by the
// Add/Edit Pattern modal, the API schema and the matcher.

export const WHITELIST_ERROR =
  "Please enter a valid URL, domain, email domain pattern (*@domain.com), or URL wildcard ({host}/*)";

export type PatternType = "Email Domain" | "URL Wildcard" | "URL" | "Domain";

export type PatternCheck = { ok: true; value: string } | { ok: false; error: string };

/** Badge colour per type (PRODUCT §3): URL blue, Domain green, Email Domain purple, wildcard orange. */
export const PATTERN_BADGE = {
  URL: "blue",
  Domain: "green",
  "Email Domain": "purple",
  "URL Wildcard": "orange",
} as const satisfies Record<PatternType, string>;

/** The same colours as whole class names: Tailwind only generates classes it finds spelled out. */
export const PATTERN_BADGE_CLASS = {
  URL: "bg-blue-100 text-blue-800",
  Domain: "bg-green-100 text-green-800",
  "Email Domain": "bg-purple-100 text-purple-800",
  "URL Wildcard": "bg-orange-100 text-orange-800",
} as const satisfies Record<PatternType, string>;

// "http" followed by "://": PRODUCT §3 says "starts with http", but a domain such as "httpbin.org" or
// "http-status.com" is a Domain, not a URL; only a real scheme makes it a URL.
const HTTP_PREFIX = /^https?:\/\//i;

// Labels: 1–63 letters, digits or hyphens, no hyphen at either end; at least two labels; the TLD is
// alphabetic with ≥ 2 letters (PRODUCT §5). An IDN TLD (xn--…, e.g. .рф) is letters in its own script.
const ASCII_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** PRODUCT §3: '*@' → Email Domain; ends '/*' → URL Wildcard; http(s):// → URL; otherwise Domain. */
export function patternType(url: string): PatternType {
  const value = url.trim();
  if (value.startsWith("*@")) return "Email Domain";
  if (value.endsWith("/*")) return "URL Wildcard";
  if (HTTP_PREFIX.test(value)) return "URL";
  return "Domain";
}

/**
 * PRODUCT §5 domain rule. IDN domains ("bücher.de", "пример.рф") are accepted: they are checked in their
 * punycode form, which is what DNS, browsers and our matcher use.
 */
export function isValidDomain(input: string): boolean {
  if (/[.\u3002\uff0e\uff61]$/.test(input)) return false; // "example.com." has an empty last label
  const ascii = toAsciiHost(input);
  return ascii !== null && ascii.length <= 253 && ASCII_DOMAIN.test(ascii);
}

/**
 * The host of a URL pattern must be one a link can have: a valid domain or an IP address. Stricter than
 * "parses as a URL", which would take "*\/*" or "https://*.example.com" — patterns that look as if they
 * approve a lot but can never match (we have no host wildcards; a Domain pattern covers subdomains).
 */
function isValidUrl(url: string): boolean {
  if (/\s/.test(url) || !HTTP_PREFIX.test(url)) return false;
  const [, scheme = "", rest = ""] = /^(https?):\/\/(.*)$/is.exec(url) ?? [];
  const address = parseWebAddress(rest, scheme.toLowerCase());
  return address !== null && (address.isIp || ASCII_DOMAIN.test(address.host));
}

export function validatePattern(raw: string): PatternCheck {
  const value = typeof raw === "string" ? raw.trim() : "";
  const valid = (() => {
    if (!value) return false;
    if (value.startsWith("*@")) return isValidDomain(value.slice(2));
    if (value.endsWith("/*")) {
      const prefix = value.slice(0, -2);
      return isValidUrl(HTTP_PREFIX.test(prefix) ? prefix : `https://${prefix}`);
    }
    if (HTTP_PREFIX.test(value)) return isValidUrl(value);
    return isValidDomain(value);
  })();
  return valid ? { ok: true, value } : { ok: false, error: WHITELIST_ERROR };
}
