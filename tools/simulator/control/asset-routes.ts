import { avatarSvg } from "../assets/avatar";
import { samplePng, stickerPng } from "../assets/images";
import { mediaFor } from "../assets/media";
import { ControlError } from "../http/errors";
import { sendContent } from "../http/respond";
import type { RouteContext, Router } from "../http/router";

// Files the simulator hands out URLs for: avatars (profile_pic), sample photos, sticker images and
// uploaded attachments. They stand in for Meta's CDN.

const CACHE = { "Cache-Control": "public, max-age=3600" };

export function registerAssetRoutes(router: Router): void {
  // GET /avatars/:psid.svg — a customer's profile picture
  router.add("GET", "/avatars/:file", (ctx) => {
    const psid = ctx.params.file!.replace(/\.svg$/, "");
    const customer = [...ctx.sim.state.customers.values()].find((c) => c.psid === psid);
    sendContent(ctx.res, 200, "image/svg+xml", avatarSvg(psid, customer?.firstName, customer?.lastName), CACHE);
  });

  // GET /samples/:name.png — sample photos (sunset, parcel, receipt)
  router.add("GET", "/samples/:file", (ctx) => {
    const png = samplePng(ctx.params.file!.replace(/\.png$/, ""));
    if (!png) throw new ControlError(404, "Unknown sample image");
    sendContent(ctx.res, 200, "image/png", png, CACHE);
  });

  // GET /stickers/:id.png — the image of a sticker
  router.add("GET", "/stickers/:file", (ctx) => sendContent(ctx.res, 200, "image/png", stickerPng(ctx.params.file!.replace(/\.png$/, "")), CACHE));

  // GET /media/:file?oe&oh — a sample voice note, video, PDF or photo at an expiring URL, like Meta's CDN
  router.add("GET", "/media/:file", (ctx) => {
    const answer = mediaFor(ctx.sim, ctx.params.file!, ctx.url.searchParams);
    if (answer.status !== 200) return sendContent(ctx.res, answer.status, "text/plain", answer.message);
    sendContent(ctx.res, 200, answer.contentType, answer.bytes, { "Cache-Control": "private, max-age=60" });
  });

  // GET /attachments/:id/:filename — an uploaded file; a URL upload redirects to where it lives
  const serveAttachment = (ctx: RouteContext) => {
    const stored = ctx.sim.state.attachments.get(ctx.params.id!);
    if (!stored) throw new ControlError(404, "Unknown attachment");
    if (stored.file) return sendContent(ctx.res, 200, stored.file.contentType, stored.file.bytes, CACHE);
    ctx.res.writeHead(302, { Location: stored.url }).end();
  };
  router.add("GET", "/attachments/:id", serveAttachment);
  router.add("GET", "/attachments/:id/:filename", serveAttachment);
}
