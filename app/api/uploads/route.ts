import { AppError } from "@/server/http/errors";
import { ROUTE_ROLES } from "@/lib/roles";
import { route } from "@/server/http/route";
import { storeImages } from "@/server/services/uploads/store-images";

// POST /api/uploads — multipart field "images" → {images:[{imageUrl}]}
export const POST = route({ roles: ROUTE_ROLES.chats }, async ({ request }) => {
  const limit = 11 * 25 * 1024 * 1024;
  if (Number(request.headers.get("content-length") ?? 0) > limit) throw new AppError("payload_too_large", "Upload is too large");
  const form = await request.formData().catch(() => {
    throw new AppError("bad_request", "Send the images as multipart/form-data in the 'images' field");
  });
  return storeImages(form);
});
