import { parseBody } from "../http/body";
import { ControlError } from "../http/errors";
import type { RouteContext } from "../http/router";
import { GraphApiError, unsupportedRequest } from "./graph-error";
import { handleConversationsRead } from "./conversations-api";
import { handleNodeRead } from "./node-api";
import { handleSendApi } from "./send-api";
import { handleAttachmentUpload } from "./upload-api";

// Everything outside /sim, /avatars, /attachments … is the Graph API, with or without a version
// prefix (/v25.0/…). Failures, including unreadable bodies, are answered as Graph errors.

const VERSION = /^v\d+\.\d+$/;

export async function handleGraphRequest(ctx: RouteContext): Promise<void> {
  const segments = ctx.url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  if (segments[0] && VERSION.test(segments[0])) segments.shift();
  const method = ctx.req.method ?? "GET";
  const [id, edge, ...rest] = segments;
  try {
    if (!id || rest.length) throw new GraphApiError(2500, { message: `Unknown path components: /${segments.join("/")}` });
    if (edge === undefined && method === "GET") {
      // Latency injection (PATCH /sim/config {profileDelayMs}): a slow profile must not hold up a first message.
      if (ctx.sim.settings.profileDelayMs) await ctx.sim.tasks.sleep(ctx.sim.settings.profileDelayMs);
      return handleNodeRead(ctx, id);
    }
    if (edge === "messages" && method === "POST") return await handleSendApi(ctx, id, await parseBody(ctx.req));
    if (edge === "conversations" && method === "GET") return handleConversationsRead(ctx, id);
    if (edge === "message_attachments" && method === "POST") return handleAttachmentUpload(ctx, id, await parseBody(ctx.req));
    if (edge === undefined || edge === "messages" || edge === "message_attachments" || edge === "conversations") throw unsupportedRequest(method, id);
    throw new GraphApiError(2500, { message: `Unknown path components: /${edge}` });
  } catch (error) {
    if (error instanceof ControlError) throw new GraphApiError(100, { message: `(#100) ${error.message}`, httpStatus: error.status });
    throw error;
  }
}
