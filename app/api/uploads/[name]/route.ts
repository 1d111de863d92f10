import { z } from "zod";
import { publicRoute } from "@/server/http/route";
import { readImage } from "@/server/services/uploads/store-images";

// GET /api/uploads/{name} — a stored image; public because Meta fetches message images by URL
export const GET = publicRoute({ params: z.object({ name: z.string().max(64) }) }, async ({ params }) => {
  const { bytes, mime } = await readImage(params.name);
  return new Response(new Uint8Array(bytes), { headers: { "Content-Type": mime, "Cache-Control": "public, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff" } });
});
