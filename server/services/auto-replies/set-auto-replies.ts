import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { findManagedPage } from "@/server/access/pages";
import { recordAudit } from "@/server/services/audit/record-audit";
import { blockedLinks } from "@/server/services/outbound/record-violation";
import { VIOLATION_ERROR } from "@/server/services/outbound/send-message";
import { fitsInstagram, INSTAGRAM_TEXT_TOO_LONG } from "@/lib/inbox/channels";
import type { ApiAutoReplies, TSetAutoReplies } from "@/lib/schemas/auto-replies";
import { toApiAutoReplies } from "@/server/services/auto-replies/serialize-auto-replies";

/**
 * PUT /api/pages/{id}/auto-replies: the texts are checked when saved, as an agent's reply is when sent, because
 * nobody looks at them again before they go: a link the company's whitelist does not allow is refused with
 * the violation's wording, and a text longer than Instagram takes when the Page has an Instagram account.
 */
export async function setAutoReplies(actor: Actor, id: string, input: TSetAutoReplies): Promise<ApiAutoReplies> {
  const page = await findManagedPage(actor, id);
  const fields: Record<string, string> = {};
  const urls: string[] = [];
  const instagram = await db.instagramAccount.findUnique({ where: { pageId: page.id }, select: { pageId: true } });
  for (const key of ["instant", "away"] as const) {
    const text = input[key].text;
    if (!text) continue;
    const blocked = await blockedLinks(page.companyId, text);
    if (blocked.length) {
      fields[`${key}.text`] = VIOLATION_ERROR;
      urls.push(...blocked);
    } else if (instagram && !fitsInstagram(text)) fields[`${key}.text`] = INSTAGRAM_TEXT_TOO_LONG;
  }
  if (urls.length) throw new AppError("unprocessable", VIOLATION_ERROR, { urls, fields });
  if (Object.keys(fields).length) throw new AppError("unprocessable", Object.values(fields)[0]!, { fields });

  const before = toApiAutoReplies(page);
  const data = {
    instantReplyOn: input.instant.enabled,
    instantReplyText: input.instant.text || null,
    awayReplyOn: input.away.enabled,
    awayReplyText: input.away.text || null,
    autoReplyEveryHours: input.every_hours,
  };
  const after = await db.$transaction(async (tx) => {
    const updated = await tx.page.update({ where: { id: page.id }, data, select: { instantReplyOn: true, instantReplyText: true, awayReplyOn: true, awayReplyText: true, autoReplyEveryHours: true } });
    await recordAudit(
      {
        companyId: page.companyId,
        actor: { id: actor.id, name: actor.name },
        action: "page.auto_replies_changed",
        target: { type: "page", id: page.id, name: page.name },
        details: { from: summary(before), to: summary(toApiAutoReplies(updated)) },
      },
      tx,
    );
    return updated;
  });
  return toApiAutoReplies(after);
}

/** One line for the audit log: which replies are on and N; the texts stay on the Page. */
function summary(s: ApiAutoReplies): string {
  return `instant ${s.instant.enabled ? "on" : "off"}, away ${s.away.enabled ? "on" : "off"}, every ${s.every_hours} h`;
}
