import { AppError } from "@/server/http/errors";

/**
 * The request body, read chunk by chunk with the cap enforced while reading: a chunked upload (no
 * Content-Length) is cut off at `maxBytes` instead of being held whole in memory first.
 */
export async function readBodyLimited(request: Request, maxBytes: number, message = "Request body is too large"): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) throw new AppError("payload_too_large", message);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new AppError("payload_too_large", message);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
