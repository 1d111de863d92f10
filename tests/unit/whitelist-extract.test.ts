import { describe, expect, it } from "vitest";
import { extractLinks } from "@/lib/whitelist/extract";

const only = (text: string) => {
  const links = extractLinks(text);
  expect(links).toHaveLength(1);
  return links[0]!;
};

describe("extractLinks: what counts as a link, normalised", () => {
  it.each([
    ["see https://example.com/a?b=1#c now", { kind: "web", scheme: "https", host: "example.com", path: "/a", query: "?b=1", raw: "https://example.com/a?b=1#c" }],
    ["HTTPS://EVIL.COM/Path", { kind: "web", scheme: "https", host: "evil.com", path: "/Path", raw: "HTTPS://EVIL.COM/Path" }],
    ["https://good.com@evil.com/x", { host: "evil.com", path: "/x", raw: "https://good.com@evil.com/x" }],
    ["https://user:pw@evil.com", { host: "evil.com" }],
    ["https://evil.com./x", { host: "evil.com", path: "/x" }],
    ["https://evil.com:443/x", { host: "evil.com", port: "" }],
    ["http://evil.com:80", { host: "evil.com", port: "" }],
    ["https://evil.com:8443/x", { host: "evil.com", port: "8443" }],
    ["https://evil.com/a/../admin", { host: "evil.com", path: "/admin" }],
    ["ftp://evil.com/file", { kind: "web", scheme: "ftp", host: "evil.com" }],
    ["evil.com", { kind: "web", scheme: null, host: "evil.com", path: "/", raw: "evil.com" }],
    ["EVIL.COM.", { host: "evil.com", raw: "EVIL.COM" }],
    ["shop.evil.co.uk/sale", { host: "shop.evil.co.uk", path: "/sale" }],
    ["evil.com:8080/admin", { host: "evil.com", port: "8080", path: "/admin" }],
    ["www.evil.com", { host: "www.evil.com", scheme: null }],
    ["www.evil.weird", { host: "www.evil.weird" }], // "www." needs no known TLD
    ["write to bob@Evil.COM today", { kind: "email", host: "evil.com", raw: "bob@Evil.COM" }],
    ["mailto:bob@evil.com", { kind: "email", scheme: "mailto", host: "evil.com", raw: "mailto:bob@evil.com" }],
    ["good.com@evil.com", { kind: "email", host: "evil.com" }], // scheme-less userinfo
    ["pаypal.com", { host: "xn--pypal-4ve.com", raw: "pаypal.com" }], // Cyrillic а
    ["https://pаypal.com", { host: "xn--pypal-4ve.com" }],
    ["bücher.de", { host: "xn--bcher-kva.de" }],
    ["ｅｖｉｌ．ｃｏｍ", { host: "evil.com", raw: "ｅｖｉｌ．ｃｏｍ" }], // full-width letters and dot
    // Defanged and scheme-less spellings keep their real scheme, so URL patterns judge them as web links.
    ["hxxps://evil.com/x", { kind: "web", scheme: "https", host: "evil.com", path: "/x", raw: "hxxps://evil.com/x" }],
    ["h**p://evil.com", { scheme: "http", host: "evil.com", raw: "h**p://evil.com" }],
    ["http[:]//evil.com", { scheme: "http", host: "evil.com", raw: "http[:]//evil.com" }],
    ["http:evil.com", { scheme: "http", host: "evil.com", raw: "http:evil.com" }],
    ["//evil.com/path", { scheme: null, host: "evil.com", path: "/path", raw: "//evil.com/path" }],
    ["bob (at) evil (dot) com", { kind: "email", host: "evil.com", raw: "bob (at) evil (dot) com" }],
    ["bob[at]evil[.]com", { kind: "email", host: "evil.com", raw: "bob[at]evil[.]com" }],
  ])("%j", (text, expected) => {
    expect(only(text)).toMatchObject(expected);
  });

  it("keeps the links in order of appearance, each once", () => {
    const links = extractLinks("a@x.com then https://y.com/p then z.org and 10.0.0.1");
    expect(links.map((l) => [l.kind, l.host])).toEqual([["email", "x.com"], ["web", "y.com"], ["web", "z.org"], ["web", "10.0.0.1"]]);
  });
});

describe("extractLinks: bypass attempts are still links", () => {
  it.each([
    ["HTTPS://EVIL.COM", "evil.com"],
    ["https://good.com@evil.com", "evil.com"],
    ["evil.com.", "evil.com"],
    ["https://evil.com.:443", "evil.com"],
    ["hxxp://evil.com", "evil.com"],
    ["hxxps://evil.com/x", "evil.com"],
    ["hXXps://evil.com", "evil.com"],
    ["http[:]//evil.com", "evil.com"],
    ["evil[.]com", "evil.com"],
    ["evil(.)com", "evil.com"],
    ["evil(dot)com", "evil.com"],
    ["evil [dot] com", "evil.com"],
    ["evil{.}com", "evil.com"],
    ["evil . com", "evil.com"],
    ["evil dot com", "evil.com"],
    ["evil DOT co DOT uk", "evil.co.uk"],
    ["hxxps://evil[.]com", "evil.com"],
    ["ev\u200Bil.com", "evil.com"],
    ["evil\u200C.com", "evil.com"],
    ["e\u200Dvil.c\u2060om", "evil.com"],
    ["\uFEFFevil.com", "evil.com"],
    ["evi\u00ADl.com", "evil.com"],
    ["https://ev\u200Bil.com", "evil.com"],
    ["evil。com", "evil.com"],
    ["evil．com", "evil.com"],
    ["evil｡com", "evil.com"],
    ["http:evil.com", "evil.com"],
    ["https:/evil.com", "evil.com"],
    ["https:\\\\evil.com", "evil.com"],
    ["//evil.com/path", "evil.com"],
    ["http://2130706433", "127.0.0.1"],
    ["http://0x7f000001/", "127.0.0.1"],
    ["http://0x7f.0.0.1", "127.0.0.1"],
    ["http://[::1]:8080/", "[::1]"],
    ["192.168.0.1", "192.168.0.1"],
    ["10.0.0.1:8080/admin", "10.0.0.1"],
    ["www.evil.com", "www.evil.com"],
    ["bob@evil.com", "evil.com"],
    ["bob (at) evil (dot) com", "evil.com"],
    ["pаypal.com", "xn--pypal-4ve.com"],
    ["report.pdf/evil.com", "evil.com"], // a rejected word does not hide what follows
    ["my_evil.com", "evil.com"],
  ])("%j → %s", (text, host) => {
    expect(extractLinks(text).map((l) => l.host)).toContain(host);
  });

  it.each([
    ["javascript:alert(1)", "javascript"],
    ["JavaScript:alert(document.cookie)", "javascript"],
    ["java\u200Bscript:alert(1)", "javascript"],
    ["vbscript:msgbox(1)", "vbscript"],
    ["data:text/html;base64,PHNjcmlwdD4=", "data"],
    ["data:,hello", "data"],
    ["file:///etc/passwd", "file"],
  ])("%j is an unsafe link", (text, scheme) => {
    expect(only(text)).toMatchObject({ kind: "unsafe", scheme, raw: text });
  });

  it("reports a link exactly as written, hidden characters included", () => {
    expect(only("go to ev\u200Bil[.]com now").raw).toBe("ev\u200Bil[.]com");
    expect(only("visit hxxp://evil(dot)com/x.").raw).toBe("hxxp://evil(dot)com/x");
  });

  it.each([
    ["詳細はevil.comをご覧ください", "evil.com", "evil.com"],
    ["evil.com에서 확인하세요", "evil.com", "evil.com"],
    ["ดูที่evil.comครับ", "evil.com", "evil.com"],
    ["見てhttps://evil.com/xをご覧", "evil.com", "https://evil.com/x"],
    ["𠀋evil.com", "evil.com", "evil.com"], // a Han character outside the BMP
  ])("a link glued to text in an unspaced script ends where the script changes: %j", (text, host, raw) => {
    expect(only(text)).toMatchObject({ host, raw });
  });

  it("keeps IDN hosts in one script whole", () => {
    expect(only("例え.jp").host).toBe("xn--r8jz45g.jp");
    expect(only("пример.рф").host).toBe("xn--e1afmkfd.xn--p1ai");
  });

  it("splits a link that hides a second scheme inside", () => {
    expect(extractLinks("https://example.com/,https://evil.com").map((l) => l.host)).toEqual(["example.com", "evil.com"]);
    expect(extractLinks("https://example.com/r?u=https://evil.com").map((l) => l.host)).toEqual(["example.com", "evil.com"]);
  });

  it("a URL that cannot be read is kept as unsafe (fail closed)", () => {
    expect(only("https://exa_mple.com/x")).toMatchObject({ kind: "unsafe", scheme: "https" });
  });
});

describe("extractLinks: punctuation around links", () => {
  it.each([
    ["Visit evil.com.", "evil.com"],
    ["(see https://evil.com/x)", "https://evil.com/x"],
    ["https://en.wikipedia.org/wiki/Foo_(bar)", "https://en.wikipedia.org/wiki/Foo_(bar)"],
    ["(see https://en.wikipedia.org/wiki/Foo_(bar))", "https://en.wikipedia.org/wiki/Foo_(bar)"],
    ["“https://evil.com”", "https://evil.com"],
    ["<https://evil.com>", "https://evil.com"],
    ["is it evil.com?", "evil.com"],
    ["evil.com, then", "evil.com"],
  ])("%j → %j", (text, raw) => {
    expect(only(text).raw).toBe(raw);
  });
});

describe("extractLinks: ordinary prose has no links", () => {
  it.each([
    "e.g. this one",
    "i.e. that one",
    "Upgrade to v2.5 today",
    "See you at 10.30 or 10.30am",
    "It costs $3.50, or 1,000.00 in total (2.5%)",
    "wait...ok",
    "Wait.. ok",
    "done.Next we ship",
    "Thanks.See you",
    "Send it to me.Thanks",
    "All done.It works now",
    "Mr. Smith, Ph.D., U.S.A., a.m., p.m., etc., vs., No.1, Fig.2",
    "I attached report.pdf and photo.jpg and invoice.docx",
    "The file photo.zip and README.md are attached",
    "I did it . it works",
    "a red dot in the middle of a polka dot dress",
    "Version 1.2.3 is out",
    "Call +1 555.123.4567",
    "Here is the data: 5 rows",
    "I love JavaScript: it is fun",
    "file: report.pdf",
    "links start with https:// usually",
    "Meet me (at) noon",
    "price@3.50 each",
    "// TODO later",
    "//todo: fix", // "//host" needs a dotted host
    "see www.example.c0m or www.example.123", // "www." still needs an alphabetic TLD
    "and/or",
    "1.2.3.4.5",
  ])("%j", (text) => {
    expect(extractLinks(text)).toEqual([]);
  });

  it("file-extension TLDs count once there is a path, a scheme or www.", () => {
    expect(extractLinks("photo.zip")).toEqual([]);
    expect(extractLinks("evil.zip/login")).toHaveLength(1);
    expect(extractLinks("https://evil.zip")).toHaveLength(1);
    expect(extractLinks("www.evil.zip")).toHaveLength(1);
  });

  it("a title-case TLD after a lowercase word is a sentence, unless it is .com-like", () => {
    expect(extractLinks("fine.Today")).toEqual([]);
    expect(only("evil.Com").host).toBe("evil.com");
    expect(only("Evil.It").host).toBe("evil.it");
  });

  // Not a speed bar: a scan that re-reads the rest of the text at every dot or bracket took 30–45 s on
  // these inputs, so it would hit the test timeout by a wide margin; the linear scan takes milliseconds.
  it.each([
    ["a chain of one-letter labels", "a.".repeat(50_000), 0],
    ["unbalanced closing brackets after a URL", `https://e.com/${")".repeat(50_000)}`, 1],
    ["defanged dots", "a[.]".repeat(25_000), 0],
  ])("finishes %s within the test timeout", (_name, text, count) => {
    expect(extractLinks(text)).toHaveLength(count);
  });
});
