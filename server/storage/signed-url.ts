import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/server/env";

// Copies of customers' attachments are served only to agents who may read the thread. <img>/<audio>/<video>
// cannot send the bearer token, so the thread API hands out capability URLs instead: the storage key, an
// expiry and an HMAC of both, minted only in responses the tenant checks already allowed (thread, socket).

const TTL_SECONDS = 6 * 60 * 60;

function sign(key: string, expires: number): string {
  return createHmac("sha256", `attachments:${env().AUTH_SECRET}`).update(`${key}\n${expires}`).digest("base64url");
}

export function signedAttachmentUrl(key: string, now = Date.now()): string {
  // Rounded to the hour so the same message serialises to the same URL for an hour (browser cache).
  const expires = Math.ceil(now / 3_600_000) * 3600 + TTL_SECONDS;
  return `${env().APP_URL.replace(/\/$/, "")}/api/attachments/${encodeURIComponent(key)}?expires=${expires}&sig=${sign(key, expires)}`;
}

export function isValidAttachmentSignature(key: string, expires: number, sig: string, now = Date.now()): boolean {
  if (!Number.isFinite(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(sign(key, expires));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
