import { z } from "zod";
import { publicRoute } from "@/server/http/route";
import { readImage } from "@/server/services/uploads/store-images";

// GET /api/uploads/{name} — a stored image or file; public because Meta fetches message attachments by URL
export const GET = publicRoute({ params: z.object({ name: z.string().max(64) }) }, async ({ params }) => {
  const { bytes, mime } = await readImage(params.name);
  // Files other than images are downloads, never a page of ours (store-files.ts).
  const download: Record<string, string> = !mime.startsWith("image/") ? { "Content-Disposition": "attachment", "Content-Security-Policy": "sandbox; default-src 'none'" } : {};
  return new Response(new Uint8Array(bytes), { headers: { "Content-Type": mime, "Cache-Control": "public, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff", ...download } });
});
