import { parseBody } from "../http/body";
import { ControlError } from "../http/errors";
import type { RouteContext } from "../http/router";
import { GraphApiError, unsupportedRequest } from "./graph-error";
import { handleConversationsRead } from "./conversations-api";
import { COMMENT_EDGES, handleCommentApi } from "./comments-api";
import { handleNodeRead } from "./node-api";
import { handleSendApi } from "./send-api";
import { handleAttachmentUpload } from "./upload-api";
import { accessTokenFrom } from "./auth";
import { checkAppSecretProof } from "./app-secret-proof";
import { handleSubscribedApps } from "./subscribed-apps";
import { HANDOVER_EDGES, handleHandoverApi } from "./handover-api";
import { handleMentionReply } from "./mentions-api";
import { handleAccessToken, handleDebugToken, handleLoginDialog, handleMyAccounts } from "./facebook-login";

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
    // The Login dialog is a web page on www.facebook.com, not a Graph call (META_DIALOG_URL points here).
    if (id === "dialog" && edge === "oauth" && method === "GET") return handleLoginDialog(ctx);
    if (id === "oauth" && edge === "access_token" && method === "GET") return handleAccessToken(ctx);
    const body = method === "POST" || method === "DELETE" ? await parseBody(ctx.req) : { fields: {} };
    const token = accessTokenFrom(ctx.req, ctx.url, body.fields);
    checkAppSecretProof(ctx.sim, token, ctx.url);
    if (id === "debug_token" && edge === undefined && method === "GET") return handleDebugToken(ctx, token);
    if (id === "me" && edge === "accounts" && method === "GET") return handleMyAccounts(ctx, token);
    if (edge === "subscribed_apps") return handleSubscribedApps(ctx, id, method, body.fields);
    if (edge && HANDOVER_EDGES.has(edge)) return handleHandoverApi(ctx, id, edge, method, body);
    if (edge === undefined && method === "GET") {
      // Latency injection (PATCH /sim/config {profileDelayMs}): a slow profile must not hold up a first message.
      if (ctx.sim.settings.profileDelayMs) await ctx.sim.tasks.sleep(ctx.sim.settings.profileDelayMs);
      return handleNodeRead(ctx, id);
    }
    if (edge === "messages" && method === "POST") return await handleSendApi(ctx, id, body);
    if (edge === "conversations" && method === "GET") return handleConversationsRead(ctx, id);
    if (edge === "message_attachments" && method === "POST") return handleAttachmentUpload(ctx, id, body);
    if (edge === "mentions" && method === "POST") return handleMentionReply(ctx, id, body.fields);
    // Writes to a node itself (hide, delete) and the comment edges: the Page's posts and comments.
    if ((edge === undefined && method !== "GET") || (edge !== undefined && COMMENT_EDGES.has(edge))) return handleCommentApi(ctx, id, edge, method, body);
    if (edge === undefined || edge === "messages" || edge === "message_attachments" || edge === "conversations") throw unsupportedRequest(method, id);
    throw new GraphApiError(2500, { message: `Unknown path components: /${edge}` });
  } catch (error) {
    if (error instanceof ControlError) throw new GraphApiError(100, { message: `(#100) ${error.message}`, httpStatus: error.status });
    throw error;
  }
}
