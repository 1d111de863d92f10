import type { Actor } from "@/server/services/auth/actor";
import { actorCompanyId } from "@/server/access/company";
import { assertUploadQuotaLeft } from "@/server/services/uploads/upload-quota";
import type { UploadOwner } from "@/server/services/uploads/save-uploads";

/** Whose an upload will be (the actor and their company), once their quota has room for its declared size. */
export async function uploadOwnerBeforeReading(actor: Actor, request: Request): Promise<UploadOwner> {
  const owner = { userId: actor.id, companyId: actorCompanyId(actor) };
  const declared = Number(request.headers.get("content-length"));
  await assertUploadQuotaLeft(owner.userId, Number.isSafeInteger(declared) && declared > 0 ? declared : null);
  return owner;
}
