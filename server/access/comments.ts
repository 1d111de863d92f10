import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { isUuid } from "@/lib/ids";
import { visiblePagesWhere } from "@/server/access/pages";
import { commentSelect } from "@/server/services/comments/serialize";

// Which comments an actor reaches: those under the posts of pages they see (server/access/pages.ts). Who
// may read or answer them at all is lib/access/permissions.ts.

const pageOfComment = { id: true, name: true, facebookPageId: true, companyId: true, accessTokenEnc: true, tokenStatus: true, policyState: true, policyReason: true } as const;

/** A comment of a page the actor sees, with its page (and token, to act on Meta), or 404. */
export async function findVisibleComment(actor: Actor, id: string) {
  const row = isUuid(id) ? await db.comment.findFirst({ where: { id, page: visiblePagesWhere(actor) }, select: { ...commentSelect, page: { select: pageOfComment } } }) : null;
  if (!row) throw new AppError("not_found", "Comment not found");
  return row;
}

export type VisibleComment = Awaited<ReturnType<typeof findVisibleComment>>;
