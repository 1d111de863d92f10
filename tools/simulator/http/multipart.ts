import { BodyError } from "./errors";

// Just enough multipart/form-data for Meta's upload form: text fields plus one file (`filedata`).
// Graph clients use it to send an image file instead of a URL.

export type UploadedFile = { field: string; filename: string; contentType: string; bytes: Buffer };

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");

export function parseMultipart(raw: Buffer, contentType: string): { fields: Record<string, string>; file?: UploadedFile } {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) throw new BodyError("multipart/form-data without a boundary");
  const delimiter = Buffer.from(`--${boundary}`);
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;

  let start = raw.indexOf(delimiter);
  while (start !== -1) {
    const partStart = start + delimiter.length;
    // "--" right after a delimiter closes the body.
    if (raw.subarray(partStart, partStart + 2).toString() === "--") break;
    const next = raw.indexOf(delimiter, partStart);
    if (next === -1) throw new BodyError("multipart/form-data body is truncated");
    const part = raw.subarray(partStart + CRLF.length, next - CRLF.length);
    const headerEnd = part.indexOf(HEADER_END);
    if (headerEnd === -1) throw new BodyError("multipart/form-data part without headers");
    const headers = part.subarray(0, headerEnd).toString("utf8");
    const content = part.subarray(headerEnd + HEADER_END.length);
    const name = /name="([^"]*)"/i.exec(headers)?.[1];
    const filename = /filename="([^"]*)"/i.exec(headers)?.[1];
    if (name !== undefined && filename !== undefined) {
      const partType = /content-type:\s*([^\r\n;]+)/i.exec(headers)?.[1]?.trim() ?? "application/octet-stream";
      file = { field: name, filename, contentType: partType, bytes: Buffer.from(content) };
    } else if (name !== undefined) {
      fields[name] = content.toString("utf8");
    }
    start = next;
  }
  return { fields, file };
}
