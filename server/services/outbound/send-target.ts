import { isUuid } from "@/lib/ids";
import type { Channel } from "@/lib/inbox/channels";
import type { Actor } from "@/server/services/auth/actor";
import { firstRow, prepared } from "@/server/db/sql/run";
import { readerSendTargetSql, sendTargetSql } from "@/server/db/sql/conversations";
import { AppError } from "@/server/http/errors";
import { visiblePageOnSql } from "@/server/access/pages";
import { actorOfRow, readerSql, readerStatementName, readerViewer, type Reader } from "@/server/access/reader";

// What an agent's reply needs of its conversation, its customer and its page, in one read through the SQL layer: the
// reply is on the path the load benchmark times (reply → another agent's socket, docs/performance/history-2026-11.md §6),
// and findVisibleConversation's Prisma query cost the app's event loop 1.5–3 ms of CPU on every send. Same
// visibility rule (server/access/pages.ts) and the same 404 for anything the actor may not see.

export type SendTarget = {
  id: string;
  lastInboundAt: Date | null;
  lastMessageText: string | null;
  lastMessageIsImage: boolean;
  lastMessageAt: Date;
  assigneeId: string | null;
  /** Handover protocol: who controls the thread (app | page_inbox | other_app), null when not known. */
  threadOwner: string | null;
  /** psid is the IGSID on Instagram: the Send API of the Page takes either as recipient. */
  customer: { id: string; psid: string; name: string; avatarUrl: string | null; channel: Channel };
  page: { id: string; name: string } & PageColumns;
};

/** The page's columns a send reads; the row names its id and name apart (pageId, pageName). */
type PageColumns = {
  companyId: string;
  facebookPageId: string;
  accessTokenEnc: string;
  tokenStatus: string;
  autoAssign: boolean;
  /** Meta's policy enforcement: "blocked" pauses every send. */
  policyState: string | null;
  policyReason: string | null;
};

type Row = Omit<SendTarget, "customer" | "page"> &
  PageColumns & {
    customerId: string;
    psid: string;
    channel: Channel;
    customerName: string;
    avatarUrl: string | null;
    pageId: string;
    pageName: string;
  };

/** The conversation on a page the actor may see (our page id or Facebook's, when given), or 404. */
export async function findSendTarget(actor: Pick<Actor, "id" | "role" | "companyId">, conversationId: string, pageId?: string): Promise<SendTarget> {
  if (!isUuid(conversationId)) throw new AppError("not_found", "Conversation not found");
  const row = await firstRow(prepared(pageId ? "send-target-on-page" : "send-target", sendTargetSql<Row>(conversationId, visiblePageOnSql("p", actor, pageId))));
  return toSendTarget(row);
}

/**
 * findSendTarget with the reader's session in the same statement (server/access/reader.ts): a reply's first
 * statement is then also its authentication, one round trip fewer before the other agents see it. 401 and
 * 403 for the reader first, then the same 404.
 */
export async function findSendTargetFor(reader: Reader, conversationId: string, pageId?: string): Promise<{ actor: Actor; target: SendTarget }> {
  const target = sendTargetSql<Row>(isUuid(conversationId) ? conversationId : null, visiblePageOnSql("p", readerViewer("rd"), pageId));
  const row = await firstRow(prepared(readerStatementName(reader, pageId ? "reader-send-target-on-page" : "reader-send-target"), readerSendTargetSql<Row>(readerSql(reader), target)));
  const actor = actorOfRow(reader, row);
  return { actor, target: toSendTarget(row?.id ? (row as Row) : null) };
}

function toSendTarget(row: Row | null): SendTarget {
  if (!row) throw new AppError("not_found", "Conversation not found");
  return {
    id: row.id,
    lastInboundAt: row.lastInboundAt,
    lastMessageText: row.lastMessageText,
    lastMessageIsImage: row.lastMessageIsImage,
    lastMessageAt: row.lastMessageAt,
    assigneeId: row.assigneeId,
    threadOwner: row.threadOwner,
    customer: { id: row.customerId, psid: row.psid, name: row.customerName, avatarUrl: row.avatarUrl, channel: row.channel },
    page: { id: row.pageId, companyId: row.companyId, name: row.pageName, facebookPageId: row.facebookPageId, accessTokenEnc: row.accessTokenEnc, tokenStatus: row.tokenStatus, autoAssign: row.autoAssign, policyState: row.policyState, policyReason: row.policyReason },
  };
}
