import { api } from "@/lib/api/client";
import type { Answer } from "@/lib/contract/http";
import type { POST as Upload } from "@/app/api/uploads/route";

// POST /api/uploads from the browser: images (the composer, offers) or files (audio, video, documents).
// The route answers `{images}` or `{files}` by the field sent; each caller here asks for one and gets it.

type Uploaded = Answer<typeof Upload>;
export type UploadedFile = Extract<Uploaded, { files: unknown }>["files"][number];

async function upload(field: "images" | "files", files: File[]): Promise<Uploaded> {
  const form = new FormData();
  files.forEach((file) => form.append(field, file));
  return api<Uploaded>("/api/uploads", { method: "POST", body: form });
}

/** The stored images' URLs, in the order given. */
export async function uploadImages(files: File[]): Promise<string[]> {
  const answer = await upload("images", files);
  if (!("images" in answer)) throw new Error("The upload answered without images");
  return answer.images.map((image) => image.imageUrl);
}

/** The stored files, in the order given. */
export async function uploadFiles(files: File[]): Promise<UploadedFile[]> {
  const answer = await upload("files", files);
  if (!("files" in answer)) throw new Error("The upload answered without files");
  return answer.files;
}
