import type { SimContext } from "../context";
import type { UploadedFile } from "../http/multipart";
import { numericId } from "../ids";
import type { StoredAttachment } from "../state";
import { invalidParameter } from "./graph-error";
import type { AttachmentRequest } from "./send-request";

// Attachments a page uploaded (Attachment Upload API, or a Send API call with is_reusable) and the URL
// an attachment ends up at. Uploaded files are kept in memory and served at /attachments/:id/:filename.

export function storeAttachment(ctx: SimContext, pageId: string, input: { type: string; url?: string; file?: UploadedFile; reusable: boolean }): StoredAttachment {
  const attachmentId = numericId(15);
  const file = input.file ? { bytes: input.file.bytes, contentType: input.file.contentType, filename: input.file.filename || "upload" } : undefined;
  const url = file ? `${ctx.publicUrl()}/attachments/${attachmentId}/${encodeURIComponent(file.filename)}` : (input.url ?? "");
  const stored: StoredAttachment = { attachmentId, pageId, type: input.type, url, file, reusable: input.reusable };
  ctx.state.attachments.set(attachmentId, stored);
  return stored;
}

/** Where the attachment of a Send API call lives, plus the id Meta returns when it was made reusable. */
export function resolveAttachment(ctx: SimContext, pageId: string, request: AttachmentRequest, file: UploadedFile | undefined): { url: string; attachmentId?: string } {
  if (request.attachmentId !== undefined) {
    const stored = ctx.state.attachments.get(request.attachmentId);
    // An attachment id is only valid for the page that uploaded it.
    if (!stored || stored.pageId !== pageId) throw invalidParameter(`Attachment ${request.attachmentId} does not exist or does not belong to this page`);
    return { url: stored.url };
  }
  if (file || request.reusable) {
    const stored = storeAttachment(ctx, pageId, { type: request.type, url: request.url, file, reusable: request.reusable });
    return { url: stored.url, attachmentId: request.reusable ? stored.attachmentId : undefined };
  }
  return { url: request.url ?? "" };
}
