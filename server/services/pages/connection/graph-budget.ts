import { env } from "@/server/env";
import { AppError } from "@/server/http/errors";
import { redis } from "@/server/redis";

// What a user's request may cost in Graph calls. Checking a token, adding, editing or reconnecting a
// page and Facebook Login each call Graph, some with the app token (debug_token, the OAuth exchange),
// whose quota every company shares: 40 parallel "Check token" made 80 Graph calls. Each such request
// spends one unit of its user's budget and one of its company's (GRAPH_CHECKS_PER_USER,
// GRAPH_CHECKS_PER_COMPANY per GRAPH_CHECKS_WINDOW_SECONDS), shared by every app instance through Redis.
// A refused request spends nothing, so one user's burst does not eat the rest of the company's budget.

export type GraphBudgetOwner = { userId: string; companyId: string | null };

/** Atomically: if every counter is under its max, count one against each; else which one is full and its ms left. */
const SPEND = `
for i, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') >= tonumber(ARGV[i + 1]) then
    return {i, redis.call('PTTL', key)}
  end
end
for _, key in ipairs(KEYS) do
  if redis.call('INCR', key) == 1 then redis.call('PEXPIRE', key, ARGV[1]) end
end
return {0, 0}`;

const per = (windowSeconds: number) => (windowSeconds === 60 ? "a minute" : windowSeconds % 60 === 0 ? `${windowSeconds / 60} minutes` : `${windowSeconds} s`);

export const userBudgetExceeded = (max: number, windowSeconds: number, retrySeconds: number) =>
  `Too many checks with Facebook: each person can make ${max} in ${per(windowSeconds)}. Try again in ${retrySeconds} s.`;
export const companyBudgetExceeded = (max: number, windowSeconds: number, retrySeconds: number) =>
  `Too many checks with Facebook for your company: ${max} in ${per(windowSeconds)} for everyone together. Try again in ${retrySeconds} s.`;

/** Spends one unit of the user's and the company's Graph budget, or throws 429 with Retry-After. */
export async function spendGraphBudget(owner: GraphBudgetOwner): Promise<void> {
  const { GRAPH_CHECKS_PER_USER: perUser, GRAPH_CHECKS_PER_COMPANY: perCompany, GRAPH_CHECKS_WINDOW_SECONDS: window } = env();
  const keys = [`graph-budget:user:${owner.userId}`, ...(owner.companyId ? [`graph-budget:company:${owner.companyId}`] : [])];
  const maxes = [perUser, perCompany].slice(0, keys.length);
  const [full, msLeft] = (await redis().eval(SPEND, keys.length, ...keys, window * 1000, ...maxes)) as [number, number];
  if (full === 0) return;
  const seconds = Math.max(1, Math.ceil((msLeft > 0 ? msLeft : window * 1000) / 1000));
  const message = full === 1 ? userBudgetExceeded(perUser, window, seconds) : companyBudgetExceeded(perCompany, window, seconds);
  throw new AppError("rate_limited", message, {}, { "Retry-After": String(seconds) });
}
