import { extractLinks, type Link } from "@/lib/whitelist/extract";
import { isIpHost, parseWebAddress, toAsciiHost } from "@/lib/whitelist/host";
import { isValidDomain, patternType } from "@/lib/whitelist/patterns";

// What each whitelist pattern approves (also in docs/WHITELIST.md). Hosts on both sides are normalised
// alike: lowercase, punycode, no trailing dot, userinfo ignored, default ports dropped.
//
// - Domain "example.com": links to example.com and every subdomain (shop.example.com), any scheme, port
//   or path; also e-mail addresses at those domains (a company that trusts a site trusts its mail).
//   Not example.com.evil.net, not notexample.com.
// - Email Domain "*@example.com": e-mail addresses at exactly example.com, and nothing else.
// - URL "https://example.com/docs": web links (http or https alike, or no scheme) to exactly that host
//   and port whose path is /docs or below it (/docs/a, not /docs-old); a query in the pattern must match
//   exactly. The scheme is not compared: the destination is the same server either way.
// - URL Wildcard "example.com/docs/*" or "https://example.com/*": as URL, with the path before "/*"
//   as prefix. Exact host only: the wildcard covers paths; a Domain pattern is the way to allow subdomains.
// - javascript:/data:/vbscript:/file:, unreadable links and links with an ambiguous host (userinfo, or a
//   backslash in the authority) are never approved. An IP-address link is
//   approved only by a URL or URL Wildcard pattern with the same IP (a Domain pattern cannot be an IP).

type HostPattern = { type: "Domain" | "Email Domain"; host: string };
type UrlPattern = { type: "URL" | "URL Wildcard"; host: string; port: string; path: string; query: string };
type CompiledPattern = HostPattern | UrlPattern;

const isHostPattern = (pattern: CompiledPattern): pattern is HostPattern =>
  pattern.type === "Domain" || pattern.type === "Email Domain";

const HTTP_PREFIX = /^(https?):\/\/(.*)$/is;

/** A pattern in matchable form, or null when it can approve nothing (e.g. a Domain "com"). */
export function compilePattern(pattern: string): CompiledPattern | null {
  const value = pattern.trim();
  const type = patternType(value);
  if (type === "Domain" || type === "Email Domain") {
    const host = toAsciiHost(type === "Domain" ? value : value.slice(2));
    // Re-checked because stored patterns are not trusted: a Domain "com" would approve half the web.
    return host && isValidDomain(host) ? { type, host } : null;
  }
  const url = type === "URL Wildcard" ? value.slice(0, -2) : value;
  const [, scheme = "https", rest = url] = HTTP_PREFIX.exec(url) ?? [];
  const address = parseWebAddress(rest, scheme.toLowerCase());
  if (!address || !(address.isIp || isValidDomain(address.host))) return null;
  const { host, port, path, query } = address;
  return { type, host, port, path, query: type === "URL" ? query : "" };
}

export function compilePatterns(patterns: readonly string[]): CompiledPattern[] {
  return patterns.map(compilePattern).filter((p): p is CompiledPattern => p !== null);
}

/** "/docs" covers /docs and /docs/…, never /docs-old; "/" covers everything. */
function pathCovers(prefix: string, path: string): boolean {
  if (prefix === "/" || path === prefix) return true;
  return path.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`);
}

function domainCovers(domain: string, host: string): boolean {
  return host === domain || (!isIpHost(host) && host.endsWith(`.${domain}`));
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * A web link whose host parsers disagree about: a backslash in or before the authority, or userinfo.
 * `https://example.com\@evil.io` leads a browser to example.com but other URL parsers (and some mail and
 * chat clients) to evil.io; `https://good.com@evil.com` shows one host and leads to another. Neither can
 * be approved, whatever the whitelist says.
 */
export function hasAmbiguousHost(raw: string): boolean {
  const rest = raw.replace(SCHEME, "");
  const lead = /^[\\/]*/.exec(rest)![0];
  if (lead.includes("\\")) return true;
  const authority = rest.slice(lead.length).split(/[/?#]/, 1)[0] ?? "";
  return /[\\@]/.test(authority);
}

function approves(pattern: CompiledPattern, link: Link): boolean {
  if (link.kind === "unsafe") return false;
  if (link.kind === "web" && hasAmbiguousHost(link.raw)) return false;
  if (link.kind === "email") {
    if (pattern.type === "Email Domain") return link.host === pattern.host;
    return pattern.type === "Domain" && domainCovers(pattern.host, link.host);
  }
  if (isHostPattern(pattern)) return pattern.type === "Domain" && domainCovers(pattern.host, link.host);
  if (link.scheme !== null && link.scheme !== "http" && link.scheme !== "https") return false;
  return (
    link.host === pattern.host &&
    link.port === pattern.port &&
    pathCovers(pattern.path, link.path) &&
    (!pattern.query || pattern.query === link.query)
  );
}

function isApprovedBy(link: Link, patterns: readonly CompiledPattern[]): boolean {
  return patterns.some((pattern) => approves(pattern, link));
}

export function isApproved(link: Link, patterns: readonly string[]): boolean {
  return isApprovedBy(link, compilePatterns(patterns));
}

/** The links of `text` that no pattern approves, as the user wrote them, each once. */
export function findViolations(text: string, patterns: readonly string[]): string[] {
  const compiled = compilePatterns(patterns);
  const violations = new Set<string>();
  for (const link of extractLinks(text)) if (!isApprovedBy(link, compiled)) violations.add(link.raw);
  return [...violations];
}
