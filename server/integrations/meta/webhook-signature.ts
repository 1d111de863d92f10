import { createHmac, timingSafeEqual } from "node:crypto";

// X-Hub-Signature-256: "sha256=" + hex HMAC-SHA256 of the raw body with the App Secret (docs/META.md).
// Computed over the exact bytes received, compared in constant time.
export function signatureFor(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;
}

export function isValidSignature(rawBody: Buffer | string, header: string | null, appSecret: string): boolean {
  if (!header || !header.startsWith("sha256=")) return false;
  const expected = Buffer.from(signatureFor(rawBody, appSecret));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
