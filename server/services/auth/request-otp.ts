import type { TRequestOtp } from "@/lib/schemas/auth";
import { db } from "@/server/db";
import { env } from "@/server/env";
import { enforceRateLimits } from "@/server/auth/rate-limit";
import { generateCode, hashCode } from "@/server/auth/otp-code";
import { sendSignInCode } from "@/server/auth/mailer";

export const OTP_SENT_MESSAGE = "If an account exists for this e-mail, a 6-digit code is on its way.";
const TOO_MANY = "Too many code requests. Please wait a few minutes and try again.";

/**
 * Sends a sign-in code. The answer is the same for known, unknown and banned addresses (GUIDE §4), and
 * the e-mail goes out after the response so its timing cannot tell them apart either.
 */
export async function requestOtp({ email }: TRequestOtp, ip: string): Promise<{ message: string }> {
  const cfg = env();
  await enforceRateLimits([
    { key: `otp:email:${email}`, max: cfg.OTP_RATE_PER_EMAIL, windowSeconds: cfg.OTP_RATE_WINDOW_SECONDS, message: TOO_MANY },
    { key: `otp:ip:${ip}`, max: cfg.OTP_RATE_PER_IP, windowSeconds: cfg.OTP_RATE_WINDOW_SECONDS, message: TOO_MANY },
  ]);

  const code = generateCode();
  const codeHash = hashCode(email, code);
  const user = await db.user.findUnique({ where: { email }, select: { isActive: true } });
  if (user?.isActive) {
    await db.$transaction([
      // Only the newest code is valid: asking again retires the older ones.
      db.oneTimeCode.updateMany({ where: { email, consumedAt: null }, data: { consumedAt: new Date() } }),
      db.oneTimeCode.create({ data: { email, codeHash, expiresAt: new Date(Date.now() + cfg.OTP_TTL_MINUTES * 60_000) } }),
    ]);
    void sendSignInCode(email, code).catch((error) => console.error(`[switchboard] could not send the sign-in code to ${email}`, error));
  }
  return { message: OTP_SENT_MESSAGE };
}
