import { AppError } from "@/server/http/errors";

// Keyset cursors: an opaque base64url of (timestamp ms, id) — stable under inserts, unlike offsets.

export type Cursor = { at: Date; id: string };

export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.getTime()}:${id}`).toString("base64url");
}

export function decodeCursor(raw: string): Cursor {
  const [ms, id] = Buffer.from(raw, "base64url").toString("utf8").split(":");
  const at = new Date(Number(ms));
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(at.getTime())) throw new AppError("bad_request", "Invalid cursor");
  return { at, id };
}
