import type { Actor } from "@/server/services/auth/actor";
import type { TCheckPageToken } from "@/lib/schemas/pages";
import { spendGraphBudget } from "@/server/services/pages/connection/graph-budget";
import { verifyPageToken } from "@/server/services/pages/connection/verify-page-token";

/**
 * POST /api/pages/verify {page_id, page_access_token}: the form's "Check token" — asks Graph whose token
 * it is and offers the Page's name, saving nothing.
 */
export async function checkPageToken(actor: Actor, input: TCheckPageToken) {
  await spendGraphBudget({ userId: actor.id, companyId: actor.companyId });
  const { name } = await verifyPageToken(input.page_id, input.page_access_token);
  return { success: true, page_id: input.page_id, name };
}
