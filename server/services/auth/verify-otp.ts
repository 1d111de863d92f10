import type { TVerifyOtp, VerifyOtpResponse } from "@/lib/schemas/auth";
import { db } from "@/server/db";
import type { ExpressionBuilder } from "kysely";
import type { DB } from "@/server/generated/kysely/types";
import { firstRow, sqlDb } from "@/server/db/sql/run";
import { env } from "@/server/env";
import { AppError } from "@/server/http/errors";
import { enforceRateLimits } from "@/server/services/auth/rate-limit";
import { codeMatches } from "@/server/services/auth/otp-code";
import { issueToken } from "@/server/services/auth/token";
import { toSessionUser } from "@/server/services/auth/session-user";

export const INVALID_CODE = "Invalid or expired code. Please request a new one.";
export const TOO_MANY_WRONG = "Too many wrong attempts. Please request a new code.";
export const BANNED = "Your account has been deactivated. Please contact your administrator.";

type ClaimedTry = { id: string; code_hash: string; attempts: number };

/**
 * Takes one try on the e-mail's live code, in one statement: the count goes up only while it is under the
 * cap, and the row lock makes concurrent tries queue, so however many guesses race, at most `max` of them
 * ever get a hash to compare against (the 6th and later find no row).
 */
async function claimTry(email: string, max: number): Promise<ClaimedTry | null> {
  const live = (eb: ExpressionBuilder<DB, "one_time_codes">) => eb.and([eb("consumed_at", "is", null), eb("expires_at", ">", eb.fn<Date>("now"))]);
  const claim = sqlDb()
    .updateTable("one_time_codes")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", (eb) => eb.selectFrom("one_time_codes").select("id").where("email", "=", email).where(live).orderBy("created_at", "desc").limit(1))
    .where("attempts", "<", max)
    .where(live)
    .returning(["id", "code_hash", "attempts"]);
  return firstRow(claim);
}

/** Why no try was left: a live code whose tries are used up, or no live code at all. */
async function noTryMessage(email: string, max: number): Promise<string> {
  const exhausted = await db.oneTimeCode.count({ where: { email, consumedAt: null, expiresAt: { gt: new Date() }, attempts: { gte: max } } });
  return exhausted ? TOO_MANY_WRONG : INVALID_CODE;
}

/** Checks a code (single use, unexpired, at most OTP_MAX_ATTEMPTS tries) and opens a session. */
export async function verifyOtp({ email, otp }: TVerifyOtp, ip: string): Promise<VerifyOtpResponse> {
  const cfg = env();
  await enforceRateLimits([
    { key: `verify:ip:${ip}`, max: cfg.OTP_RATE_PER_IP * 3, windowSeconds: cfg.OTP_RATE_WINDOW_SECONDS, message: "Too many attempts. Please wait a few minutes and try again." },
  ]);

  const attempt = await claimTry(email, cfg.OTP_MAX_ATTEMPTS);
  if (!attempt) throw new AppError("bad_request", await noTryMessage(email, cfg.OTP_MAX_ATTEMPTS));

  if (!codeMatches(email, otp, attempt.code_hash)) {
    const left = cfg.OTP_MAX_ATTEMPTS - attempt.attempts;
    throw new AppError("bad_request", left > 0 ? `Incorrect code. ${left} ${left === 1 ? "attempt" : "attempts"} left.` : TOO_MANY_WRONG);
  }

  // Conditional consume: of two requests racing with the same right code, only one wins.
  const consumed = await db.oneTimeCode.updateMany({ where: { id: attempt.id, consumedAt: null }, data: { consumedAt: new Date() } });
  if (consumed.count !== 1) throw new AppError("bad_request", INVALID_CODE);

  const user = await db.user.findUnique({ where: { email }, select: { id: true, name: true, email: true, role: true, companyId: true, isActive: true } });
  if (!user) throw new AppError("bad_request", INVALID_CODE);
  if (!user.isActive) throw new AppError("forbidden", BANNED);

  return { user: await toSessionUser(user), token: await issueToken(user.id) };
}
