import { AppError } from "@/server/http/errors";
import { sniffMediaType } from "@/server/storage/media-type";
import { saveUploads, uploadUrl, type UploadOwner } from "@/server/services/uploads/save-uploads";

// POST /api/uploads with multipart field "files": voice notes, videos and documents an agent sends
// (Send API attachment types audio/video/file). Recognised by their bytes; Meta's limit is 25 MB for each.
// Stored beside the images under random names, owned the same way, and served the same way (Meta fetches
// them by URL).

export const MAX_FILE_MB = 25;
/** 3 × 25 MB stays within the images' request cap (10 × 8 MB), so one body limit serves both. */
export const MAX_FILES = 3;

/** Sniffed type → stored extension and the Send API attachment type. Anything else is refused. */
export const FILE_KINDS: Record<string, { ext: string; sendAs: "audio" | "video" | "file" }> = {
  "application/pdf": { ext: "pdf", sendAs: "file" },
  "application/zip": { ext: "zip", sendAs: "file" },
  "audio/mp4": { ext: "m4a", sendAs: "audio" },
  "audio/mpeg": { ext: "mp3", sendAs: "audio" },
  "audio/ogg": { ext: "ogg", sendAs: "audio" },
  "audio/wav": { ext: "wav", sendAs: "audio" },
  "audio/amr": { ext: "amr", sendAs: "audio" },
  "video/mp4": { ext: "mp4", sendAs: "video" },
  "video/webm": { ext: "webm", sendAs: "video" },
  "video/quicktime": { ext: "mov", sendAs: "video" },
};

export const FILE_NOT_SUPPORTED = "This file type cannot be sent on Messenger (PDF, ZIP, audio or video)";

export type StoredFile = { fileUrl: string; name: string; type: "audio" | "video" | "file"; mime: string; size: number };

export async function storeFiles(form: FormData, owner: UploadOwner): Promise<{ files: StoredFile[] }> {
  const files = form.getAll("files").filter((v): v is File => typeof v !== "string");
  if (!files.length) throw new AppError("bad_request", "Attach a file in the 'files' field", { fields: { files: "Please select a file" } });
  if (files.length > MAX_FILES) throw new AppError("bad_request", `At most ${MAX_FILES} files at a time`);
  const checked = [];
  for (const file of files) {
    if (file.size > MAX_FILE_MB * 1024 * 1024) throw new AppError("payload_too_large", `${file.name || "A file"} is larger than ${MAX_FILE_MB} MB`);
    const bytes = Buffer.from(await file.arrayBuffer());
    const mime = sniffMediaType(bytes);
    const kind = FILE_KINDS[mime];
    if (!kind) throw new AppError("bad_request", FILE_NOT_SUPPORTED, { fields: { files: FILE_NOT_SUPPORTED } });
    checked.push({ bytes, mime, ext: kind.ext, kind, name: (file.name || `file.${kind.ext}`).slice(0, 200) });
  }
  const names = await saveUploads(owner, checked);
  return { files: checked.map(({ bytes, mime, kind, name }, i) => ({ fileUrl: uploadUrl(names[i]!), name, type: kind.sendAs, mime, size: bytes.length })) };
}
