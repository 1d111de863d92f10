import { describe, expect, it } from "vitest";
import { ZWhitelistUrl } from "@/lib/schemas/whitelist";
import {
  isValidDomain,
  PATTERN_BADGE,
  PATTERN_BADGE_CLASS,
  patternType,
  validatePattern,
  WHITELIST_ERROR,
} from "@/lib/whitelist/patterns";

const SPEC_ERROR = "Please enter a valid URL, domain, email domain pattern (*@domain.com), or URL wildcard ({host}/*)";
const label = (length: number) => "a".repeat(length);

describe("whitelist error text (PRODUCT §5)", () => {
  it("is the spec's sentence, word for word", () => {
    expect(WHITELIST_ERROR).toBe(SPEC_ERROR);
  });
});

describe("isValidDomain (PRODUCT §5 domain rule)", () => {
  it.each([
    ["example.com", true],
    ["EXAMPLE.COM", true],
    ["shop.example.co.uk", true],
    ["my-shop.example.com", true],
    ["123.example.io", true],
    [`${label(63)}.com`, true],
    [`${label(64)}.com`, false], // label over 63 characters
    [`${label(63)}.${label(63)}.${label(63)}.${label(61)}.com`, false], // 257 characters: over 253
    [`${label(63)}.${label(63)}.${label(63)}.${label(57)}.com`, true], // 253 characters
    ["example", false], // no top-level domain
    ["example.c", false], // TLD of one letter
    ["example.c0m", false], // TLD not alphabetic
    ["example.123", false],
    ["-example.com", false], // label starts with a hyphen
    ["example-.com", false], // label ends with a hyphen
    ["exa_mple.com", false], // underscore is not a letter, digit or hyphen
    ["ex%41mple.com", false], // no silent percent-decoding
    ["example..com", false], // empty label
    [".example.com", false],
    ["example.com.", false], // trailing dot: empty last label
    ["exa mple.com", false],
    ["example.com/path", false],
    ["", false],
    // IDN: accepted, checked in punycode form.
    ["bücher.de", true],
    ["пример.рф", true],
    ["xn--e1afmkfd.xn--p1ai", true],
    ["bü cher.de", false],
  ])("%j → %s", (input, valid) => {
    expect(isValidDomain(input)).toBe(valid);
  });
});

describe("validatePattern (PRODUCT §5)", () => {
  it.each([
    "example.com",
    "Shop.Example.COM",
    "bücher.de",
    "*@example.com",
    "*@mail.example.co.uk",
    "example.com/*",
    "example.com/docs/*",
    "https://docs.example.com/*",
    "http://example.com/docs/*",
    "https://example.com",
    "http://example.com/path?x=1#top",
    "HTTPS://EXAMPLE.COM/Path",
    "https://example.com:8443/app",
    "https://10.0.0.1/admin",
    "https://bücher.de/katalog",
  ])("accepts %j", (input) => {
    expect(validatePattern(input)).toEqual({ ok: true, value: input });
  });

  it("trims before checking and returns the trimmed value", () => {
    expect(validatePattern("  \texample.com \n")).toEqual({ ok: true, value: "example.com" });
    expect(validatePattern("  *@example.com ")).toEqual({ ok: true, value: "*@example.com" });
  });

  it.each([
    ["", "required"],
    ["   ", "required after trimming"],
    ["example", "bare word"],
    ["example.c", "one-letter TLD"],
    ["-bad.com", "hyphen at label start"],
    ["example.com/path", "a domain with a path is neither a URL nor a wildcard"],
    ["*@", "email pattern without domain"],
    ["*@example", "email pattern without TLD"],
    ["*@-bad.com", "email pattern with invalid label"],
    ["*@exa mple.com", "email pattern with a space"],
    ["*@https://example.com", "email pattern with a URL"],
    ["*@example.com/*", "'*@' wins over '/*' and the rest is not a domain"],
    ["/*", "wildcard without host"],
    ["*/*", "wildcard host '*' (we have no host wildcards)"],
    ["https://*.example.com/*", "wildcard subdomain host"],
    ["exa mple.com/*", "wildcard with a space"],
    ["https:///*", "wildcard with empty host"],
    ["https://", "URL without host"],
    ["https://exa mple.com", "URL host with a space"],
    ["https://example.com/a b", "URL with whitespace"],
    ["https://foo", "URL host without TLD"],
    ["http:example.com", "scheme without //"],
    ["ftp://example.com", "not http or https"],
    ["javascript:alert(1)", "script URI"],
    ["example.com.", "trailing dot"],
  ])("rejects %j (%s) with the spec's message", (input) => {
    expect(validatePattern(input)).toEqual({ ok: false, error: SPEC_ERROR });
  });
});

describe("patternType (PRODUCT §3)", () => {
  it.each([
    ["*@example.com", "Email Domain"],
    ["example.com/*", "URL Wildcard"],
    ["https://docs.example.com/*", "URL Wildcard"], // '/*' is checked before 'http'
    ["https://example.com", "URL"],
    ["http://example.com/path", "URL"],
    ["HTTPS://EXAMPLE.COM", "URL"],
    ["example.com", "Domain"],
    ["httpbin.org", "Domain"], // starts with "http" but has no scheme
    ["  *@example.com  ", "Email Domain"],
  ])("%j → %s", (input, type) => {
    expect(patternType(input)).toBe(type);
  });

  it("gives each type its badge colour: URL blue, Domain green, Email Domain purple, wildcard orange", () => {
    expect(PATTERN_BADGE).toEqual({ URL: "blue", Domain: "green", "Email Domain": "purple", "URL Wildcard": "orange" });
    for (const [type, colour] of Object.entries(PATTERN_BADGE)) {
      expect(PATTERN_BADGE_CLASS[type as keyof typeof PATTERN_BADGE_CLASS]).toContain(`bg-${colour}-`);
    }
  });
});

describe("ZWhitelistUrl (API body)", () => {
  const message = (input: unknown) => ZWhitelistUrl.safeParse(input).error?.issues[0]?.message;

  it("trims the url", () => {
    expect(ZWhitelistUrl.parse({ url: "  https://docs.example.com/*  " })).toEqual({ url: "https://docs.example.com/*" });
  });

  it.each([
    [{}, "missing"],
    [{ url: 42 }, "not a string"],
    [{ url: "" }, "empty"],
    [{ url: "   " }, "blank"],
    [{ url: "not a pattern" }, "invalid"],
    [{ url: `https://example.com/${"a".repeat(2048)}` }, "valid but over 2048 characters"],
  ])("%j (%s) → the spec's message", (input, _why) => {
    expect(message(input)).toBe(SPEC_ERROR);
  });
});
