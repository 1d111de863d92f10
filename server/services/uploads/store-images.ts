import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { env } from "@/server/env";
import { AppError } from "@/server/http/errors";
import { MIME_BY_EXT, sniffImage, type ImageKind } from "@/server/storage/image-type";
import { saveUploads, uploadsDir, uploadUrl, type CheckedUpload, type UploadOwner } from "@/server/services/uploads/save-uploads";

// POST /api/uploads: images only (by their bytes), size-capped, stored under random names for the company and
// user that uploaded them (save-uploads.ts). They are served publicly at /api/uploads/<name> because Meta
// fetches message images by URL.

export const MAX_UPLOAD_FILES = 10;
// Images, and the files of store-files.ts (FILE_KINDS' extensions).
const NAME_PATTERN = /^[a-f0-9]{32}\.(jpg|png|gif|webp|pdf|zip|m4a|mp3|ogg|wav|amr|mp4|webm|mov)$/;
const FILE_MIME_BY_EXT: Record<string, string> = { pdf: "application/pdf", zip: "application/zip", m4a: "audio/mp4", mp3: "audio/mpeg", ogg: "audio/ogg", wav: "audio/wav", amr: "audio/amr", mp4: "video/mp4", webm: "video/webm", mov: "video/quicktime" };

export async function storeImages(form: FormData, owner: UploadOwner): Promise<{ images: { imageUrl: string }[] }> {
  const files = form.getAll("images").filter((v): v is File => typeof v !== "string");
  if (!files.length) throw new AppError("bad_request", "Attach at least one image in the 'images' field", { fields: { images: "Please select an image" } });
  if (files.length > MAX_UPLOAD_FILES) throw new AppError("bad_request", `At most ${MAX_UPLOAD_FILES} images at a time`);
  const maxBytes = env().UPLOAD_MAX_MB * 1024 * 1024;

  const checked: CheckedUpload[] = [];
  for (const file of files) {
    if (file.size > maxBytes) throw new AppError("payload_too_large", `${file.name || "An image"} is larger than ${env().UPLOAD_MAX_MB} MB`);
    const bytes = Buffer.from(await file.arrayBuffer());
    const kind = sniffImage(bytes);
    if (!kind) throw new AppError("bad_request", `${file.name || "A file"} is not an image (JPEG, PNG, GIF or WebP)`);
    checked.push({ bytes, ext: kind.ext, mime: kind.mime });
  }
  const names = await saveUploads(owner, checked);
  return { images: names.map((name) => ({ imageUrl: uploadUrl(name) })) };
}

/** The stored name behind one of our upload URLs (`{APP_URL}/api/uploads/<name>`), or null. */
export function uploadNameOf(url: URL): string | null {
  const base = new URL(env().APP_URL);
  const match = /^\/api\/uploads\/([^/]+)$/.exec(url.pathname);
  if (url.origin !== base.origin || url.search || url.hash || !match || !NAME_PATTERN.test(match[1]!)) return null;
  return match[1]!;
}

export async function uploadExists(name: string): Promise<boolean> {
  return stat(path.join(uploadsDir(), name)).then((s) => s.isFile(), () => false);
}

export async function readImage(name: string): Promise<{ bytes: Buffer; mime: string }> {
  if (!NAME_PATTERN.test(name)) throw new AppError("not_found", "Not found");
  const bytes = await readFile(path.join(uploadsDir(), name)).catch(() => null);
  if (!bytes) throw new AppError("not_found", "Not found");
  const ext = name.split(".").pop()!;
  return { bytes, mime: MIME_BY_EXT[ext as ImageKind["ext"]] ?? FILE_MIME_BY_EXT[ext]! };
}
