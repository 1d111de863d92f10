import type { TRequestOtp } from "@/lib/schemas/auth";
import { db } from "@/server/db";
import { env } from "@/server/env";
import { enforceRateLimits } from "@/server/services/auth/rate-limit";
import { generateCode, hashCode } from "@/server/services/auth/otp-code";
import { sendSignInCode } from "@/server/integrations/mail/mailer";
import { logger } from "@/server/observability/log";

export const OTP_SENT_MESSAGE = "If an account exists for this e-mail, a 6-digit code is on its way.";
const TOO_MANY = "Too many code requests. Please wait a few minutes and try again.";

/**
 * Sends a sign-in code. Known, unknown and banned addresses are indistinguishable (docs/SECURITY.md) in the answer,
 * in its timing and later at verify: every request stores a code the same way (one transaction), and only
 * an active account's is mailed — after the response, on a later turn of the event loop. An unknown
 * address's code was never sent to anyone, so it can only be guessed, and guessing it meets the same
 * "Incorrect code. N attempts left." as a real account's.
 */
export async function requestOtp({ email }: TRequestOtp, ip: string): Promise<{ message: string }> {
  const cfg = env();
  await enforceRateLimits([
    { key: `otp:email:${email}`, max: cfg.OTP_RATE_PER_EMAIL, windowSeconds: cfg.OTP_RATE_WINDOW_SECONDS, message: TOO_MANY },
    { key: `otp:ip:${ip}`, max: cfg.OTP_RATE_PER_IP, windowSeconds: cfg.OTP_RATE_WINDOW_SECONDS, message: TOO_MANY },
  ]);

  const code = generateCode();
  const now = new Date();
  const [user] = await db.$transaction([
    db.user.findUnique({ where: { email }, select: { isActive: true } }),
    // Codes that can no longer be used are of no further interest; this keeps the table small.
    db.oneTimeCode.deleteMany({ where: { email, expiresAt: { lt: now } } }),
    // Only the newest code is valid: asking again retires the older ones.
    db.oneTimeCode.updateMany({ where: { email, consumedAt: null }, data: { consumedAt: now } }),
    db.oneTimeCode.create({ data: { email, codeHash: hashCode(email, code), expiresAt: new Date(now.getTime() + cfg.OTP_TTL_MINUTES * 60_000) } }),
  ]);
  if (user?.isActive) {
    setImmediate(() => void sendSignInCode(email, code).catch((error) => logger().error(`could not send a sign-in code: ${(error as Error).message}`)));
  }
  return { message: OTP_SENT_MESSAGE };
}
