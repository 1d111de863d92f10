import { AppError } from "@/server/http/errors";
import { isInlineType } from "@/server/storage/media-type";
import { isValidAttachmentSignature } from "@/server/storage/signed-url";
import { attachmentStorage, KEY_PATTERN } from "@/server/storage/storage";

/**
 * A stored copy, only for a valid, unexpired signature (minted for agents of the message's page). Served as
 * the type sniffed at copy time; anything that is not media or a PDF is a download, and nosniff plus a
 * sandboxing CSP keep a hostile file from running as a page of ours.
 */
export async function serveAttachment(key: string, expires: number, sig: string): Promise<Response> {
  if (!KEY_PATTERN.test(key) || !isValidAttachmentSignature(key, expires, sig)) throw new AppError("not_found", "Not found");
  const object = await attachmentStorage().get(key);
  if (!object) throw new AppError("not_found", "Not found");
  const inline = isInlineType(object.mime);
  return new Response(new Uint8Array(object.bytes), {
    headers: {
      "Content-Type": inline ? object.mime : "application/octet-stream",
      "Content-Disposition": inline ? "inline" : "attachment",
      "Cache-Control": "private, max-age=3600",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox; default-src 'none'",
    },
  });
}
