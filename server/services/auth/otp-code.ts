import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { OTP_LENGTH } from "@/lib/schemas/auth";
import { env } from "@/server/env";

// Codes come from the CSPRNG and only an HMAC of (e-mail, code) is stored: a database leak reveals nothing
// usable, and the short life plus the 5-try cap make brute force pointless.

export function generateCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, "0");
}

export function hashCode(email: string, code: string): string {
  return createHmac("sha256", env().AUTH_SECRET).update(`otp:${email}:${code}`).digest("hex");
}

export function codeMatches(email: string, code: string, storedHash: string): boolean {
  const a = Buffer.from(hashCode(email, code), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
