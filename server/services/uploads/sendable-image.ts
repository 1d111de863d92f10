import { db } from "@/server/db";
import { AppError } from "@/server/http/errors";
import { findViolations } from "@/lib/whitelist/match";
import { uploadExists, uploadNameOf } from "@/server/services/uploads/store-images";

/**
 * Whether `name` is an upload of `companyId` whose file is there; if so it is marked used (a message or an
 * offer now points at it), so the retention job keeps it. Another company's upload answers false, like a
 * made-up name: the random name alone is no permission to send.
 */
async function claimOwnUpload(name: string, companyId: string): Promise<boolean> {
  const { count } = await db.upload.updateMany({ where: { name, companyId }, data: { usedAt: new Date() } });
  return count === 1 && (await uploadExists(name));
}

export const IMAGE_URL_REFUSED = "Images can only be sent from this app's uploads or an approved site";

/**
 * The image URL of a message or an offer, which Meta will fetch and show the customer. Only one of the
 * company's own uploads (that exists), or an address on the company's whitelist: never an arbitrary host (a tracking
 * pixel) and never an internal address (127.0.0.1, 169.254.169.254, localhost:6379) for Meta to fetch.
 */
export async function assertSendableImageUrl(raw: string, companyId: string): Promise<void> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused();
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw refused();

  const upload = uploadNameOf(url);
  if (upload) {
    if (await claimOwnUpload(upload, companyId)) return;
    throw refused();
  }
  // The whitelist's own matching decides (so an IP, userinfo or an ambiguous host is never approved).
  const patterns = (await db.whitelistEntry.findMany({ where: { companyId }, select: { url: true } })).map((e) => e.url);
  if (!isInternalHost(url.hostname) && findViolations(raw, patterns).length === 0 && patterns.length > 0) return;
  throw refused();
}

export const FILE_URL_REFUSED = "Files can only be sent from this app's uploads";

/** Voice notes, videos and documents go out only from the company's own uploads (no whitelist route for files). */
export async function assertSendableFileUrl(raw: string, companyId: string): Promise<void> {
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    // refused below
  }
  const upload = url ? uploadNameOf(url) : null;
  if (upload && !/\.(jpg|png|gif|webp)$/.test(upload) && (await claimOwnUpload(upload, companyId))) return;
  throw new AppError("bad_request", FILE_URL_REFUSED, { fields: { fileUrl: FILE_URL_REFUSED } });
}

function isInternalHost(host: string): boolean {
  return host === "localhost" || host.endsWith(".localhost") || /^[\d.]+$/.test(host) || host.startsWith("[");
}

function refused(): AppError {
  return new AppError("bad_request", IMAGE_URL_REFUSED, { fields: { imageUrl: IMAGE_URL_REFUSED } });
}
