import type { IncomingMessage } from "node:http";
import { BodyError } from "./errors";
import { parseMultipart, type UploadedFile } from "./multipart";

// Request bodies in the three encodings Graph accepts: JSON, form fields (where object parameters are
// JSON strings, as in Meta's curl examples) and multipart (file uploads as `filedata`).

export const MAX_BODY_BYTES = 10 * 1024 * 1024;

export type ParsedBody = { fields: Record<string, unknown>; file?: UploadedFile };

export async function readRawBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BodyError(`Request body is larger than ${MAX_BODY_BYTES} bytes`, 413);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A form value that looks like JSON ({…} or […]) is decoded, as Graph does for object parameters. */
function decodeFormValue(value: string): unknown {
  const trimmed = value.trim();
  if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) return value;
  try {
    return JSON.parse(trimmed);
  } catch {
    return value;
  }
}

export function formFields(params: URLSearchParams): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of params) fields[key] = decodeFormValue(value);
  return fields;
}

/**
 * JSON, form or multipart by Content-Type. A body that starts with "{" is read as JSON whatever the
 * header says: `curl -d '{…}'` labels JSON as a form.
 */
export async function parseBody(req: IncomingMessage): Promise<ParsedBody> {
  const raw = await readRawBody(req);
  const type = (req.headers["content-type"] ?? "").toLowerCase();
  if (raw.length === 0) return { fields: {} };
  if (type.startsWith("multipart/form-data")) {
    const { fields, file } = parseMultipart(raw, type);
    return { fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, decodeFormValue(v)])), file };
  }
  const text = raw.toString("utf8");
  if (type.startsWith("application/x-www-form-urlencoded") && !text.trimStart().startsWith("{")) return { fields: formFields(new URLSearchParams(text)) };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BodyError("Request body is not valid JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new BodyError("Request body must be a JSON object");
  return { fields: parsed as Record<string, unknown> };
}
