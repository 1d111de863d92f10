import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP } from "node:net";
import { env } from "@/server/env";

// The worker fetches customers' attachments from Meta's CDN — and from nowhere else (docs/SECURITY.md, SSRF).
// Every hop (redirects included) must be an allowed host; the address it resolves to is checked at connect
// time (the socket's own lookup, so DNS cannot answer differently between the check and the connection);
// private, loopback and link-local addresses are refused unless the allow-list names that exact host (the
// simulator in dev/test). The body is capped while it streams, and the whole fetch has a time limit.

export class FetchRefused extends Error {
  readonly permanent = true;
}

// Separate lists: one BlockList also matches IPv4 addresses against IPv6 rules (as mapped addresses).
const PRIVATE_V4 = new BlockList();
for (const [net, bits] of [["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12], ["192.0.0.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["224.0.0.0", 3]] as const) {
  PRIVATE_V4.addSubnet(net, bits, "ipv4");
}
const PRIVATE_V6 = new BlockList();
for (const [net, bits] of [["::", 127], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8], ["64:ff9b::", 96]] as const) PRIVATE_V6.addSubnet(net, bits, "ipv6");

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE_V4.check(address, "ipv4");
  if (family !== 6) return true;
  // ::ffff:10.0.0.1 reaches 10.0.0.1: judge the IPv4 address inside.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? PRIVATE_V4.check(mapped[1]!, "ipv4") : PRIVATE_V6.check(address, "ipv6");
}

/** "exact": a bare host entry names it (may then be private); "domain": a ".suffix" entry covers it; null: not allowed. */
export function hostAllowance(hostname: string, allowList = env().ATTACHMENT_HOSTS): "exact" | "domain" | null {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "").replace(/\.$/, "");
  if (allowList.includes(host)) return "exact";
  return allowList.some((entry) => entry.startsWith(".") && (host.endsWith(entry) || host === entry.slice(1))) ? "domain" : null;
}

export type Fetched = { bytes: Buffer; contentType: string | null; finalUrl: string };

const MAX_REDIRECTS = 3;

export async function safeFetch(rawUrl: string, options: { maxBytes?: number; timeoutMs?: number; allowList?: string[] } = {}): Promise<Fetched> {
  const maxBytes = options.maxBytes ?? env().ATTACHMENT_MAX_MB * 1024 * 1024;
  const allowList = options.allowList ?? env().ATTACHMENT_HOSTS;
  const signal = AbortSignal.timeout(options.timeoutMs ?? env().ATTACHMENT_FETCH_TIMEOUT_MS);
  let url = rawUrl;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const result = await fetchOnce(url, maxBytes, signal, allowList);
    if ("redirect" in result) {
      url = new URL(result.redirect, url).toString();
      continue;
    }
    return { ...result, finalUrl: url };
  }
  throw new FetchRefused(`more than ${MAX_REDIRECTS} redirects`);
}

function fetchOnce(rawUrl: string, maxBytes: number, signal: AbortSignal, allowList: string[]): Promise<{ redirect: string } | { bytes: Buffer; contentType: string | null }> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return Promise.reject(new FetchRefused("not a URL"));
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return Promise.reject(new FetchRefused(`${url.protocol} URLs are not fetched`));
  if (url.username || url.password) return Promise.reject(new FetchRefused("URLs with credentials are not fetched"));
  const allowance = hostAllowance(url.hostname, allowList);
  if (!allowance) return Promise.reject(new FetchRefused(`${url.hostname} is not an allowed attachment host`));
  // Plain http only where the allow-list names the host (the simulator); Meta's CDN is https.
  if (url.protocol === "http:" && allowance !== "exact") return Promise.reject(new FetchRefused("attachments are fetched over https"));

  const checkedLookup = (hostname: string, opts: object, callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void) => {
    dnsLookup(hostname, { ...opts, all: true }, (err, addresses) => {
      if (err) return callback(err, "");
      const list = addresses as LookupAddress[];
      const refused = list.find((a) => isPrivateAddress(a.address));
      if (refused && allowance !== "exact") return callback(new FetchRefused(`${hostname} resolves to a private address (${refused.address})`), "");
      if ((opts as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
  // A literal IP never goes through lookup: check it here.
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(literal) && isPrivateAddress(literal) && allowance !== "exact") return Promise.reject(new FetchRefused(`${literal} is a private address`));

  return new Promise((resolve, reject) => {
    const request = (url.protocol === "https:" ? https : http).get(url, { lookup: checkedLookup as never, signal, headers: { "user-agent": "Switchboard attachment copy" } }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        return resolve({ redirect: response.headers.location });
      }
      if (status !== 200) {
        response.resume();
        // 4xx: gone or expired — no retry will bring it back. 5xx: worth retrying.
        return reject(status >= 400 && status < 500 ? new FetchRefused(`HTTP ${status}`) : new Error(`HTTP ${status}`));
      }
      const declared = Number(response.headers["content-length"] ?? 0);
      if (declared > maxBytes) {
        response.destroy();
        return reject(new FetchRefused(`larger than ${Math.round(maxBytes / 1048576)} MB (${declared} bytes)`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          response.destroy();
          reject(new FetchRefused(`larger than ${Math.round(maxBytes / 1048576)} MB`));
        } else chunks.push(chunk);
      });
      response.on("end", () => resolve({ bytes: Buffer.concat(chunks), contentType: response.headers["content-type"] ?? null }));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}
