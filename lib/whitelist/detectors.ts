import { bareDomain } from "@/lib/whitelist/bare-domain";
import { parseWebAddress, toAsciiHost } from "@/lib/whitelist/host";
import { ALPHA_TLD, HOST, REST, trimTail, unsafe, web, type Detector } from "@/lib/whitelist/link";

// The kinds of link the extractor looks for, most explicit first, so that an explicit link is read whole
// before a looser detector could read a piece of it ("https://good.com@evil.com" is not an e-mail).

/** javascript:, vbscript:, data:, file: — they run code or read local files; no pattern can approve them. */
const scriptUri: Detector = {
  name: "script-uri",
  pattern: new RegExp(
    String.raw`(?<![\p{L}\p{N}\p{M}=/?&#%-])(?:(?:java|vb|live)script:(?=\S)|data:(?=[a-z-]+/[a-z0-9.+-]+|[,;])|file:(?=[/\\]))${REST}*`,
    "giu",
  ),
  read: (candidate) => {
    const text = trimTail(candidate);
    return { link: unsafe(text.slice(0, text.indexOf(":")).toLowerCase()), length: text.length };
  },
};

/** "https://…", "http:evil.com", "https:\\evil.com", "ftp://…", "any-scheme://host". */
const schemeUrl: Detector = {
  name: "scheme-url",
  pattern: new RegExp(String.raw`(?<![\p{L}\p{N}\p{M}+.-])(?:(?:https?|ftps?|wss?):[/\\]*|[a-z][a-z0-9+.-]{1,30}://)${REST}+`, "giu"),
  read: (candidate) => {
    const colon = candidate.indexOf(":");
    const text = trimTail(candidate);
    const scheme = text.slice(0, colon).toLowerCase();
    const rest = text.slice(colon + 1).replace(/^[/\\]+/, "");
    if (!rest) return null; // "links start with https://" is talk about links, not a link
    const address = parseWebAddress(rest, scheme);
    // A link we cannot read is a link we cannot approve: fail closed.
    return { link: address ? web(address, scheme) : unsafe(scheme), length: text.length };
  },
};

/** "//evil.com/x": browsers resolve it against the current scheme. */
const protocolRelative: Detector = {
  name: "protocol-relative",
  pattern: new RegExp(String.raw`(?<![\p{L}\p{N}\p{M}:/\\])(?://|\\\\)(?=[\p{L}\p{N}\[])${REST}+`, "giu"),
  read: (candidate) => {
    const text = trimTail(candidate);
    const address = parseWebAddress(text.slice(2));
    const tld = address?.host.split(".").at(-1) ?? "";
    if (!address || (!address.isIp && !(address.host.includes(".") && ALPHA_TLD.test(tld)))) return null; // "//todo"
    return { link: web(address, null), length: text.length };
  },
};

/** "name@evil.com", "mailto:name@evil.com", also "good.com@evil.com" typed without a scheme. */
const email: Detector = {
  name: "email",
  pattern: new RegExp(String.raw`(?<![\p{L}\p{N}\p{M}._%+-])(?:mailto:)?[\p{L}\p{N}\p{M}._%+-]+@${HOST}`, "giu"),
  read: (candidate) => {
    const host = toAsciiHost(candidate.slice(candidate.lastIndexOf("@") + 1));
    if (!host || !ALPHA_TLD.test(host.split(".").at(-1) ?? "")) return null; // "meet@10.30"
    const scheme = /^mailto:/i.test(candidate) ? "mailto" : null;
    return { link: { kind: "email", scheme, host, port: "", path: "", query: "", isIp: false }, length: candidate.length };
  },
};

/** "10.0.0.1", "10.0.0.1:8080/admin". Dotted quads only: a bare "2130706433" is just a number. */
const bareIpv4: Detector = {
  name: "bare-ipv4",
  pattern: new RegExp(String.raw`(?<![\p{L}\p{N}\p{M}.])(?:\d{1,3}\.){3}\d{1,3}(?![\p{L}\p{N}\p{M}]|\.\d)(?::\d{1,5})?(?:[/?#]${REST}*)?`, "giu"),
  read: (candidate) => {
    const text = trimTail(candidate);
    const address = parseWebAddress(text);
    return address?.isIp ? { link: web(address, null), length: text.length } : null; // "999.1.1.1" is not an address
  },
};

export const DETECTORS: readonly Detector[] = [scriptUri, schemeUrl, protocolRelative, email, bareIpv4, bareDomain];
