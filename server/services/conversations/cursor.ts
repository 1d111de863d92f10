import { AppError } from "@/server/http/errors";
import { isUuid } from "@/lib/ids";
import { isStorableInstant } from "@/lib/schemas/input-rules";

// Keyset cursors: an opaque base64url of (timestamp ms, id) — stable under inserts, unlike offsets.

export type Cursor = { at: Date; id: string };

export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.getTime()}:${id}`).toString("base64url");
}

export function decodeCursor(raw: string): Cursor {
  const [ms, id, ...rest] = Buffer.from(raw, "base64url").toString("utf8").split(":");
  const at = new Date(/^\d{1,15}$/.test(ms ?? "") ? Number(ms) : NaN);
  if (rest.length || !id || !isUuid(id) || !isStorableInstant(at)) throw new AppError("bad_request", "Invalid cursor");
  return { at, id };
}
