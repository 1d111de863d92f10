import { ApiError, errorMessage } from "@/lib/api/client";

// PRODUCT §8 names two upload texts. 'Failed to upload Image': the server refused the file (4xx) without a
// reason of its own. 'Error uploading Image': the upload itself broke — no answer (network) or a server
// error (5xx) — with the server's message as the detail when it sent one. A 4xx reason is shown as it is.

export const UPLOAD_TEXTS = { failed: "Failed to upload Image", error: "Error uploading Image" } as const;

export function uploadFailure(error: unknown): { title: string; description?: string } {
  if (error instanceof ApiError && error.status < 500) return { title: errorMessage(error, UPLOAD_TEXTS.failed) };
  const detail = errorMessage(error, "");
  return detail ? { title: UPLOAD_TEXTS.error, description: detail } : { title: UPLOAD_TEXTS.error };
}
