import type { ParsedBody } from "../http/body";
import { sendJson } from "../http/respond";
import type { RouteContext } from "../http/router";
import { storeAttachment } from "./attachment-store";
import { accessTokenFrom, pageForToken } from "./auth";
import { invalidParameter } from "./graph-error";
import { parseAttachment } from "./send-request";

// POST /{version}/{page-id}/message_attachments — the Attachment Upload API: an image by URL (or a file
// as multipart `filedata`) becomes an attachment_id the page can send many times.

export function handleAttachmentUpload(ctx: RouteContext, pageIdInPath: string, body: ParsedBody): void {
  const { sim, url } = ctx;
  const fields = { ...Object.fromEntries(url.searchParams), ...body.fields };
  const page = pageForToken(sim, accessTokenFrom(ctx.req, url, fields), pageIdInPath);
  const message = fields.message as { attachment?: unknown } | undefined;
  if (typeof message !== "object" || message === null || message.attachment === undefined) {
    throw invalidParameter("param message[attachment] is required");
  }
  const request = parseAttachment(message.attachment, body.file !== undefined);
  if (request.attachmentId !== undefined) throw invalidParameter("param message[attachment][payload] must contain url or filedata, not attachment_id");
  const stored = storeAttachment(sim, page.pageId, { type: request.type, url: request.url, file: body.file, reusable: true });
  sim.log(`attachment ${stored.attachmentId} uploaded for page ${page.pageId}: ${stored.url}`);
  sendJson(ctx.res, 200, { attachment_id: stored.attachmentId });
}
