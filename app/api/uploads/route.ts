import { ROUTE_ROLES } from "@/lib/roles";
import { AppError } from "@/server/http/errors";
import { readBodyLimited } from "@/server/http/read-body";
import { route } from "@/server/http/route";
import { MAX_UPLOAD_FILES, storeImages } from "@/server/services/uploads/store-images";
import { MAX_FILE_MB, MAX_FILES, storeFiles } from "@/server/services/uploads/store-files";
import { env } from "@/server/env";
import { uploadOwnerBeforeReading } from "@/server/services/uploads/upload-owner";

// POST /api/uploads — multipart field "images" → {images:[{imageUrl}]}; field "files" (audio, video, PDF…) → {files:[{fileUrl,name,type}]}
export const POST = route({ roles: ROUTE_ROLES.chats }, async ({ actor, request }) => {
  // The uploader's hourly quota is checked before a byte of the body is read (upload-quota.ts).
  const owner = await uploadOwnerBeforeReading(actor, request);
  // Every file at its cap plus room for the multipart framing; enforced while reading, chunked or not.
  const limit = Math.max(MAX_UPLOAD_FILES * env().UPLOAD_MAX_MB, MAX_FILES * MAX_FILE_MB) * 1024 * 1024 + 1024 * 1024;
  const body = await readBodyLimited(request, limit, "Upload is too large");
  const form = await new Request(request.url, { method: "POST", headers: request.headers, body }).formData().catch(() => {
    throw new AppError("bad_request", "Send the images as multipart/form-data in the 'images' field");
  });
  return form.has("files") ? storeFiles(form, owner) : storeImages(form, owner);
});
