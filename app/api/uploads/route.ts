import { readMultipart } from "@/server/http/read-multipart";
import { route } from "@/server/http/route";
import { MAX_UPLOAD_FILES, storeImages } from "@/server/services/uploads/store-images";
import { MAX_FILE_MB, MAX_FILES, storeFiles } from "@/server/services/uploads/store-files";
import { env } from "@/server/env";
import { uploadOwnerBeforeReading } from "@/server/services/uploads/upload-owner";

// POST /api/uploads — multipart field "images" → {images:[{imageUrl}]}; field "files" (audio, video, PDF…) → {files:[{fileUrl,name,type}]}
export const POST = route({ can: "uploads.create"}, async ({ actor, request }) => {
  // The uploader's hourly quota is checked before a byte of the body is read (upload-quota.ts).
  const owner = await uploadOwnerBeforeReading(actor, request);
  // Every cap enforced while reading, chunked or not: the body (every file at its cap plus room for the
  // multipart framing), each file, and the number of files.
  const form = await readMultipart(request, {
    maxBytes: Math.max(MAX_UPLOAD_FILES * env().UPLOAD_MAX_MB, MAX_FILES * MAX_FILE_MB) * 1024 * 1024 + 1024 * 1024,
    tooLarge: "Upload is too large",
    malformed: "Send the images as multipart/form-data in the 'images' field",
    files: {
      images: { maxBytes: env().UPLOAD_MAX_MB * 1024 * 1024, maxCount: MAX_UPLOAD_FILES, tooLarge: (name) => `${name || "An image"} is larger than ${env().UPLOAD_MAX_MB} MB`, tooMany: `At most ${MAX_UPLOAD_FILES} images at a time` },
      files: { maxBytes: MAX_FILE_MB * 1024 * 1024, maxCount: MAX_FILES, tooLarge: (name) => `${name || "A file"} is larger than ${MAX_FILE_MB} MB`, tooMany: `At most ${MAX_FILES} files at a time` },
    },
  });
  return form.has("files") ? storeFiles(form, owner) : storeImages(form, owner);
});
