import { describe, expect, it } from "vitest";
import { extractLinks } from "@/lib/whitelist/extract";
import { findViolations, isApproved } from "@/lib/whitelist/match";

const WHITELIST = ["example.com", "*@example.com", "https://docs.example.com/*"];

/** Whether the single link in `text` is approved by `patterns`. */
const approved = (text: string, patterns: string[]) => {
  const links = extractLinks(text);
  expect(links).toHaveLength(1);
  return isApproved(links[0]!, patterns);
};

describe("findViolations: every bypass is caught against a typical whitelist", () => {
  it.each([
    "HTTPS://EVIL.COM",
    "https://example.com@evil.com",
    "https://user:example.com@evil.com/x",
    "evil.com.",
    "evil.com",
    "EVIL.COM",
    "pаypal.com",
    "https://exаmple.com", // Cyrillic а: looks like example.com, is xn--exmple-4nf.com
    "javascript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD4=",
    "vbscript:msgbox(1)",
    "hxxp://evil.com",
    "hxxps://evil.com",
    "evil[.]com",
    "evil(dot)com",
    "evil . com",
    "evil dot com",
    "ev\u200Bil.com",
    "evil\u200C.com",
    "ev\u200Dil.com",
    "ev\u2060il.com",
    "ev\uFEFFil.com",
    "ev\u00ADil.com",
    "evil。com",
    "evil．com",
    "evil｡com",
    "http:evil.com",
    "//evil.com",
    "http://2130706433",
    "http://0x7f000001",
    "http://[::1]/",
    "10.0.0.1",
    "www.evil.com",
    "bob@evil.com",
    "example.com.evil.net",
    "notexample.com",
    "https://example.com.evil.net/x",
    "https://example.com/,https://evil.com",
    "https://exa_mple.com", // unreadable: fail closed
    "https://例えexample.com", // mixed-script host: its CJK part is a host of its own
  ])("%j", (text) => {
    const violations = findViolations(`Hello, please see ${text} thanks`, WHITELIST);
    expect(violations.length).toBeGreaterThan(0);
  });

  it("reports the offending links as written, once each, in order", () => {
    const text = "Try EVIL.com or evil[.]com, and example.com, then EVIL.com again and bob@evil.org";
    expect(findViolations(text, WHITELIST)).toEqual(["EVIL.com", "evil[.]com", "bob@evil.org"]);
  });

  it.each([
    "Hello, how can I help?",
    "See example.com or https://example.com/pricing",
    "shop.example.com/sale and www.example.com",
    "Mail sales@example.com",
    "Docs at https://docs.example.com/guide/start",
    "e.g. v2.5 at 10.30 for $3.50... done.Next",
    "詳細はexample.comをご覧ください",
  ])("approves %j", (text) => {
    expect(findViolations(text, WHITELIST)).toEqual([]);
  });

  it("an empty whitelist approves nothing, and text without links has no violations", () => {
    expect(findViolations("see example.com", [])).toEqual(["example.com"]);
    expect(findViolations("no links here", [])).toEqual([]);
  });
});

describe("Domain pattern: the host and its subdomains", () => {
  it.each([
    ["example.com", true],
    ["https://example.com/any/path?q=1", true],
    ["http://shop.example.com:8080/x", true],
    ["a.b.example.com", true],
    ["ftp://example.com/file", true],
    ["user@example.com", true], // e-mail at the domain
    ["user@mail.example.com", true],
    ["example.com.evil.net", false],
    ["notexample.com", false],
    ["example.co", false],
    ["https://evil.com/example.com", false],
  ])("example.com vs %j → %s", (text, expected) => {
    expect(approved(text, ["example.com"])).toBe(expected);
  });

  it("patterns are normalised like links: case, trailing dot, IDN", () => {
    expect(approved("https://EXAMPLE.com", ["Example.COM."])).toBe(true);
    expect(approved("https://xn--bcher-kva.de/x", ["bücher.de"])).toBe(true);
    expect(approved("bücher.de", ["xn--bcher-kva.de"])).toBe(true);
  });

  it("a stored pattern that is not a valid domain approves nothing", () => {
    expect(approved("evil.com", ["com"])).toBe(false);
    expect(approved("evil.com", ["*"])).toBe(false);
  });
});

describe("Email Domain pattern: e-mail addresses at exactly that domain", () => {
  it.each([
    ["bob@example.com", true],
    ["mailto:BOB@EXAMPLE.COM", true],
    ["bob@mail.example.com", false],
    ["bob@evil.com", false],
    ["example.com", false], // not a web link approver
    ["https://example.com", false],
  ])("*@example.com vs %j → %s", (text, expected) => {
    expect(approved(text, ["*@example.com"])).toBe(expected);
  });
});

describe("URL pattern: same host and port, path at or below, http or https", () => {
  const pattern = ["https://example.com/docs"];
  it.each([
    ["https://example.com/docs", true],
    ["http://example.com/docs/a/b", true],
    ["example.com/docs/x", true],
    ["https://example.com:443/docs", true],
    ["https://example.com/docs?x=1", true],
    ["https://example.com/docs-old", false],
    ["https://example.com/", false],
    ["https://example.com/docs/../admin", false],
    ["https://shop.example.com/docs", false], // exact host
    ["https://example.com:8443/docs", false],
    ["ftp://example.com/docs", false],
    ["bob@example.com", false],
  ])("%j → %s", (text, expected) => {
    expect(approved(text, pattern)).toBe(expected);
  });

  it("ports 80 and 443 count as no port, whatever the scheme", () => {
    expect(approved("example.com:443/docs", pattern)).toBe(true);
    expect(approved("http://example.com:443/docs", pattern)).toBe(true);
    expect(approved("example.com:8080/docs", pattern)).toBe(false);
  });

  it("a query in the pattern must match exactly; a root URL approves the whole host", () => {
    expect(approved("https://example.com/p?id=1", ["https://example.com/p?id=1"])).toBe(true);
    expect(approved("https://example.com/p?id=12", ["https://example.com/p?id=1"])).toBe(false);
    expect(approved("https://example.com/any/thing", ["https://example.com"])).toBe(true);
  });
});

describe("URL Wildcard pattern: exact host, any path under the prefix", () => {
  it.each([
    [["https://docs.example.com/*"], "https://docs.example.com/a/b", true],
    [["https://docs.example.com/*"], "docs.example.com", true],
    [["https://docs.example.com/*"], "https://api.docs.example.com/", false],
    [["https://docs.example.com/*"], "https://example.com/", false],
    [["example.com/help/*"], "http://example.com/help/faq", true],
    [["example.com/help/*"], "https://example.com/help", true],
    [["example.com/help/*"], "https://example.com/helpdesk", false],
    [["example.com/help/*"], "https://example.com/admin", false],
  ])("%j vs %j → %s", (patterns, text, expected) => {
    expect(approved(text, patterns)).toBe(expected);
  });
});

describe("links no pattern can approve", () => {
  it("script URIs are never approved", () => {
    for (const text of ["javascript:alert(1)", "data:text/html,x", "vbscript:x", "file:///etc/passwd"]) {
      expect(approved(text, ["example.com", "*@example.com", "https://example.com/*"])).toBe(false);
    }
  });

  it("an unsafe link is refused even if it somehow carried an approved host", () => {
    const link = { raw: "x", kind: "unsafe" as const, scheme: "https", host: "example.com", port: "", path: "/", query: "", isIp: false };
    expect(isApproved(link, ["example.com"])).toBe(false);
    expect(isApproved({ ...link, kind: "web" }, ["example.com"])).toBe(true);
  });

  it("a link whose host parsers read differently is never approved, whichever host is whitelisted", () => {
    const both = ["example.com", "evil.io", "https://example.com/*", "https://evil.io/*"];
    for (const text of [
      "https://example.com\\@evil.io",
      "https://example.com\\evil.io/x",
      "https:\\\\example.com/x",
      "https://user@example.com/",
      "https://example.com@evil.io/",
      "//example.com\\@evil.io",
    ]) {
      const violations = findViolations(`see ${text} now`, both);
      expect(violations, text).not.toEqual([]);
    }
    // The unambiguous forms of both hosts stay approved.
    expect(findViolations("see https://example.com/a and https://evil.io/b", both)).toEqual([]);
  });

  it("an IP address is approved only by a pattern with the same IP", () => {
    expect(approved("http://10.0.0.1/x", ["https://10.0.0.1/*"])).toBe(true);
    expect(approved("http://167772161/x", ["https://10.0.0.1/*"])).toBe(true); // the same address in decimal
    expect(approved("http://10.0.0.2/x", ["https://10.0.0.1/*"])).toBe(false);
    expect(approved("http://127.0.0.1/", WHITELIST)).toBe(false);
  });
});
