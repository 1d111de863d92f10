import type { TVerifyOtp, VerifyOtpResponse } from "@/lib/schemas/auth";
import { db } from "@/server/db";
import { env } from "@/server/env";
import { AppError } from "@/server/http/errors";
import { enforceRateLimits } from "@/server/auth/rate-limit";
import { codeMatches } from "@/server/auth/otp-code";
import { issueToken } from "@/server/auth/token";
import { toSessionUser } from "@/server/services/auth/session-user";

export const INVALID_CODE = "Invalid or expired code. Please request a new one.";
export const BANNED = "Your account has been deactivated. Please contact your administrator.";

/** Checks a code (single use, unexpired, at most OTP_MAX_ATTEMPTS wrong tries) and opens a session. */
export async function verifyOtp({ email, otp }: TVerifyOtp, ip: string): Promise<VerifyOtpResponse> {
  const cfg = env();
  await enforceRateLimits([
    { key: `verify:ip:${ip}`, max: cfg.OTP_RATE_PER_IP * 3, windowSeconds: cfg.OTP_RATE_WINDOW_SECONDS, message: "Too many attempts. Please wait a few minutes and try again." },
  ]);

  const code = await db.oneTimeCode.findFirst({
    where: { email, consumedAt: null, expiresAt: { gt: new Date() }, attempts: { lt: cfg.OTP_MAX_ATTEMPTS } },
    orderBy: { createdAt: "desc" },
  });
  if (!code) throw new AppError("bad_request", INVALID_CODE);

  if (!codeMatches(email, otp, code.codeHash)) {
    // Conditional increment: concurrent wrong guesses cannot exceed the cap.
    await db.oneTimeCode.updateMany({ where: { id: code.id, attempts: { lt: cfg.OTP_MAX_ATTEMPTS } }, data: { attempts: { increment: 1 } } });
    const left = cfg.OTP_MAX_ATTEMPTS - code.attempts - 1;
    throw new AppError(
      "bad_request",
      left > 0 ? `Incorrect code. ${left} ${left === 1 ? "attempt" : "attempts"} left.` : "Too many wrong attempts. Please request a new code.",
    );
  }

  // Conditional consume: of two requests racing with the same code, only one wins.
  const consumed = await db.oneTimeCode.updateMany({ where: { id: code.id, consumedAt: null }, data: { consumedAt: new Date() } });
  if (consumed.count !== 1) throw new AppError("bad_request", INVALID_CODE);

  const user = await db.user.findUnique({ where: { email }, select: { id: true, name: true, email: true, role: true, companyId: true, isActive: true } });
  if (!user) throw new AppError("bad_request", INVALID_CODE);
  if (!user.isActive) throw new AppError("forbidden", BANNED);

  return { user: await toSessionUser(user), token: await issueToken(user.id) };
}
