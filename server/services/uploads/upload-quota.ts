import { env } from "@/server/env";
import { AppError } from "@/server/http/errors";
import { redis } from "@/server/redis";

// Each user may upload UPLOAD_QUOTA_MB_PER_HOUR in a window of an hour (fixed, from their first upload in
// it), shared by every app instance through Redis: 300 MB went in within 2.2 s before. A request is refused
// before its body is read when the quota is already spent or its declared size cannot fit, and its files
// are counted atomically before they are stored, so parallel uploads cannot overshoot it together.

const WINDOW_MS = 60 * 60 * 1000;
/** The multipart framing around the files: a declared length may exceed what is left by this much. */
const MULTIPART_SLACK = 64 * 1024;
const key = (userId: string) => `upload-quota:${userId}`;
const quotaBytes = () => Math.floor(env().UPLOAD_QUOTA_MB_PER_HOUR * 1024 * 1024);

/** Counts ARGV[1] bytes if they fit under ARGV[2]: {1, 0}; else {0, ms until the window ends}. */
const RESERVE = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used + tonumber(ARGV[1]) > tonumber(ARGV[2]) then return {0, redis.call('PTTL', KEYS[1])} end
redis.call('INCRBY', KEYS[1], ARGV[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return {1, 0}`;

export const uploadQuotaExceeded = (mb: number, retrySeconds: number) =>
  `Upload limit reached: each person can upload ${mb} MB an hour. Try again in ${Math.ceil(retrySeconds / 60)} min.`;
export const uploadLargerThanQuota = (mb: number) => `This upload is larger than the hourly upload limit of ${mb} MB`;

function refused(msLeft: number): AppError {
  const seconds = Math.max(1, Math.ceil((msLeft > 0 ? msLeft : WINDOW_MS) / 1000));
  return new AppError("rate_limited", uploadQuotaExceeded(env().UPLOAD_QUOTA_MB_PER_HOUR, seconds), {}, { "Retry-After": String(seconds) });
}

/** Before reading a body: 429 when the user's quota is spent or the declared Content-Length cannot fit in what is left. */
export async function assertUploadQuotaLeft(userId: string, declaredBytes: number | null): Promise<void> {
  const max = quotaBytes();
  if (declaredBytes !== null && declaredBytes > max + MULTIPART_SLACK) throw new AppError("payload_too_large", uploadLargerThanQuota(env().UPLOAD_QUOTA_MB_PER_HOUR));
  const [[, used], [, msLeft]] = (await redis().multi().get(key(userId)).pttl(key(userId)).exec()) as [[unknown, string | null], [unknown, number]];
  const spent = Number(used ?? 0);
  if (spent >= max || (declaredBytes !== null && spent + declaredBytes > max + MULTIPART_SLACK)) throw refused(msLeft);
}

/** Counts the files' bytes against the user's quota, or throws 429 and nothing is to be stored. */
export async function spendUploadQuota(userId: string, bytes: number): Promise<void> {
  const [fits, msLeft] = (await redis().eval(RESERVE, 1, key(userId), Math.ceil(bytes), quotaBytes(), WINDOW_MS)) as [number, number];
  if (fits !== 1) throw refused(msLeft);
}
