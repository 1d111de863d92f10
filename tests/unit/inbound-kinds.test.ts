import { describe, expect, it } from "vitest";
import { pageIdOf, salvageBody, sanitizeJson, sanitizeText, storableRaw } from "@/server/integrations/meta/sanitize-json";
import { attachmentPreview, copyable, fileNameOf, kindOf, reactionPreview, referralLine } from "@/lib/inbox/message-kinds";
import { formatBookingTime } from "@/lib/inbox/time";
import { s3Client } from "@/server/storage/s3-storage";
import { hostAllowance, isPrivateAddress } from "@/server/integrations/safe-fetch";
import { sniffMediaType } from "@/server/storage/media-type";

describe("sanitising what Postgres refuses", () => {
  it("removes NUL and replaces lone surrogates, keeping real pairs", () => {
    expect(sanitizeText("a\u0000b")).toBe("ab");
    expect(sanitizeText("x\ud800y\udc00z")).toBe("x\ufffdy\ufffdz");
    expect(sanitizeText("ok 😀")).toBe("ok 😀");
  });
  it("walks keys and values iteratively, and refuses absurd nesting without overflowing the stack", () => {
    expect(sanitizeJson({ "k\u0000": ["\ud800", { n: 1, t: true, z: null }] })).toEqual({ ok: true, value: { k: ["\ufffd", { n: 1, t: true, z: null }] } });
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(sanitizeJson(deep)).toEqual({ ok: false, reason: "JSON nested deeper than 64 levels" });
  });
  it("salvages a body: an event holding too deep a part is left out whole, its siblings and the rest stay", () => {
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const body = { object: "page", entry: [{ id: "1", messaging: [{ message: { mid: "ok" } }, { message: { mid: "deep", text: deep } }], standby: [{ x: deep }] }], extra: deep };
    const { value, removed } = salvageBody(body);
    expect(removed.sort()).toEqual(["entry[0].messaging[1]", "entry[0].standby[0]", "extra"]);
    expect(value).toEqual({ object: "page", entry: [{ id: "1", messaging: [{ message: { mid: "ok" } }], standby: [] }], extra: expect.anything() });
    expect(salvageBody({ a: 1 })).toEqual({ value: { a: 1 }, removed: [] });
  });
  it("keeps any raw body storable as text, and finds the Page it names", () => {
    expect(storableRaw("a\u0000\ud800")).toBe("a\\u0000\ufffd");
    expect(pageIdOf({ entry: [{ id: "123" }] })).toBe("123");
    expect(pageIdOf(null, '{"object":"page","entry":[{"id":"456","time":1,')).toBe("456");
    expect(pageIdOf(null, "garbage")).toBeNull();
  });
});

describe("message kinds and previews", () => {
  it("names the kind by its attachments", () => {
    expect(kindOf([])).toBe("text");
    expect(kindOf([{ type: "audio" }])).toBe("audio");
    expect(kindOf([{ type: "image" }, { type: "file" }])).toBe("mixed");
    expect(kindOf([{ type: "ig_reel" }])).toBe("ig_reel");
    expect(kindOf([{ type: "hologram" }])).toBe("unsupported");
  });
  it("every documented type has its own preview; reels are copied like videos, posts and bookings are not", () => {
    expect(attachmentPreview([{ type: "reel" }])).toBe("Shared a reel");
    expect(attachmentPreview([{ type: "ig_reel", title: "Spring drop" }])).toBe("Instagram reel: Spring drop");
    expect(attachmentPreview([{ type: "post", title: "We are open" }])).toBe("Shared a post: We are open");
    expect(attachmentPreview([{ type: "ig_post" }])).toBe("Shared an Instagram post");
    expect(attachmentPreview([{ type: "appointment_booking", booking: { status: "confirmed" } }])).toBe("Appointment confirmed");
    expect(attachmentPreview([{ type: "appointment_booking" }])).toBe("Appointment booking");
    expect(copyable({ type: "reel", url: "https://video.xx.fbcdn.net/r.mp4" })).toBe(true);
    expect(copyable({ type: "ig_post", url: "https://www.instagram.com/p/x" })).toBe(false);
    expect(copyable({ type: "reel", url: "https://x", copyError: "not allowed" })).toBe(false);
  });
  it("shows a booking in its own time zone", () => {
    const start = new Date(1739612400_000).toISOString();
    const end = new Date(1739616000_000).toISOString();
    expect(formatBookingTime(start, end, "America/Los_Angeles")).toBe("Sat, Feb 15, 1:40 AM – 2:40 AM (America/Los_Angeles)");
    expect(formatBookingTime(null, null, null)).toBe("");
    expect(formatBookingTime(start, null, "Not/AZone")).not.toBe("");
  });
  it("previews as the list shows them", () => {
    expect(attachmentPreview([{ type: "audio" }])).toBe("Voice message");
    expect(attachmentPreview([{ type: "video" }])).toBe("Video");
    expect(attachmentPreview([{ type: "file", url: "https://cdn.fbsbx.com/v/a%20b.pdf?oe=1" }])).toBe("File: a b.pdf");
    expect(attachmentPreview([{ type: "location" }])).toBe("Location");
    expect(attachmentPreview([{ type: "story_mention" }])).toBe("Mentioned you in their story");
    expect(attachmentPreview([{ type: "unknown_kind" }])).toBe("Unsupported message");
    expect(fileNameOf({ type: "file", url: "not a url" })).toBe("file");
    expect(reactionPreview("❤️", "see you at five o'clock then, at the usual place")).toBe("Reacted ❤️ to “see you at five o'clock then, at the usu…”");
    expect(reactionPreview("👍", null)).toBe("Reacted 👍 to a message");
    expect(referralLine({ source: "ADS", ref: "spring", adId: "9" })).toBe("Came from an ad · ref spring · ad 9");
    expect(referralLine({ source: "SHORTLINK" })).toBe("Came from an m.me link");
  });
});

describe("attachment copy safety", () => {
  it("allow-list: '.domain' covers subdomains, a bare host only itself", () => {
    const list = [".fbcdn.net", "127.0.0.1"];
    expect(hostAllowance("scontent.xx.fbcdn.net", list)).toBe("domain");
    expect(hostAllowance("fbcdn.net", list)).toBe("domain");
    expect(hostAllowance("evilfbcdn.net", list)).toBeNull();
    expect(hostAllowance("fbcdn.net.evil.com", list)).toBeNull();
    expect(hostAllowance("127.0.0.1", list)).toBe("exact");
    expect(hostAllowance("127.0.0.2", list)).toBeNull();
  });
  it("private, loopback, link-local and mapped addresses are private", () => {
    for (const a of ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "::", "fe80::1", "fd00::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1"]) expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ["157.240.1.1", "31.13.64.1", "2a03:2880::1", "::ffff:157.240.1.1"]) expect(isPrivateAddress(a), a).toBe(false);
  });
  it("sniffs the stored type from the bytes", () => {
    expect(sniffMediaType(Buffer.from("%PDF-1.7"))).toBe("application/pdf");
    expect(sniffMediaType(Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from("ftypM4A ")]))).toBe("audio/mp4");
    expect(sniffMediaType(Buffer.from("<html><script>"))).toBe("application/octet-stream");
  });
  it("the S3 driver's client signs exactly as AWS's documented SigV4 example (GET Object)", async () => {
    const config = { endpoint: "https://s3.amazonaws.com", region: "us-east-1", bucket: "examplebucket", accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" };
    // The example signs its Range header and the empty body's hash; aws4fetch signs Range only when asked (allHeaders).
    const emptyBodyHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    const signed = await s3Client(config).sign("https://examplebucket.s3.amazonaws.com/test.txt", {
      headers: { range: "bytes=0-9", "x-amz-content-sha256": emptyBodyHash },
      aws: { datetime: "20130524T000000Z", allHeaders: true },
    });
    expect(signed.headers.get("authorization")).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });
});
