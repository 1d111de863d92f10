import { z } from "zod";

// The small readers every part of a Meta webhook item uses (webhook-body.ts, webhook-attachments.ts).

/** An id Meta puts in a payload field (app ids, sticker ids): string or number, never trusted as a key. */
export const ZLooseId = z.union([z.string(), z.number()]).transform(String);
/** A string where Meta may also send null (or a number): absent when it is not a string. */
export const str = () => z.unknown().optional().transform((v) => (typeof v === "string" ? v : undefined));
/** A time Meta sends in ms, or (some documented examples) in seconds, as a number or a numeric string. */
export const ZTime = z.union([z.number(), z.string().regex(/^\d{1,16}(\.\d+)?$/).transform(Number)]).pipe(z.number().nonnegative().max(8.64e15)).transform(toMs);

/** Meta's times are ms; a value below 10^11 (before 1973 as ms) is seconds, as some documented examples send. */
function toMs(value: number): number {
  return Math.round(value < 1e11 ? value * 1000 : value);
}

/** The object without its undefined fields (optional fields stay absent, not undefined). */
export function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** Meta's field names as some captures spell them (`policy-enforcement`), read as the reference's. */
export function withReferenceNames(raw: unknown): unknown {
  const fields = raw as Record<string, unknown> | null;
  if (!fields || typeof fields !== "object" || !("policy-enforcement" in fields) || "policy_enforcement" in fields) return raw;
  const { "policy-enforcement": policy, ...rest } = fields;
  return { ...rest, policy_enforcement: policy };
}
