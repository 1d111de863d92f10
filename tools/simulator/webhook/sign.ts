import { createHmac } from "node:crypto";

// Meta signs every delivery with the App Secret over the exact bytes it sends. It still sends the legacy
// SHA-1 header next to the SHA-256 one; apps should verify X-Hub-Signature-256.

export function signatureHeaders(rawBody: string, appSecret: string): Record<string, string> {
  return {
    "X-Hub-Signature-256": `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`,
    "X-Hub-Signature": `sha1=${createHmac("sha1", appSecret).update(rawBody).digest("hex")}`,
  };
}
