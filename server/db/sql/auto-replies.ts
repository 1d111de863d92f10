import { sql } from "kysely";
import { newId } from "@/server/db/uuid";
import { messageColumns } from "@/server/db/sql/messages";
import { summaryColumns, summarySet, type SummaryColumns } from "@/server/db/sql/conversations";
import { prepared } from "@/server/db/sql/run";

// The automatic replies' SQL text (docs/PRODUCT.md §13.1; server/db/sql/run.ts says when a statement is text
// rather than the builder): the decision, the claim before the Send API call, and the sweep's read.

/**
 * An automatic reply's row is stored before it is sent; its `created_at` says whether the Send API may have
 * been called for it. Until a sender claims it, it holds this far-future mark: so the stale-send sweep
 * (fail-stale-sends.ts, `created_at < cutoff`) never fails a reply nobody tried to send, and the claim
 * (`created_at` := now, as a retried agent reply's restarts it: retry-reply.ts) can happen exactly once.
 */
export const UNCLAIMED_AT = sql<Date>`'9999-12-31T00:00:00Z'::timestamptz`;

export type AutoReplyKind = "instant" | "away";

/**
 * The decision for the customer's message `mid` of conversation `conversationId` at `now`, in ONE statement:
 * which reply is due (away outside the company's business hours, else instant for the conversation's first
 * inbound message), whether it may go (the 24 h window; no automatic reply and no person's reply since N
 * hours before the message), and, if so, the conversation's auto_reply_at moved, the pending row inserted
 * and folded into the list's preview. The UPDATE re-checks auto_reply_at on the locked row, so of two
 * workers deciding at once (or a webhook retry) only one inserts. No row: nothing to send.
 */
export const decideAutoReplySql = <Message>(conversationId: string, mid: string, now: Date) => {
  const at = sql`${now}::timestamptz`;
  // summarySet places a value it is given as a parameter; the text is the one this statement chose.
  const chosenText = sql<string>`ctx.text` as unknown as string;
  return prepared("auto-reply-decide", sql<Message & SummaryColumns>`
    WITH trigger AS (
      SELECT m.id, m.created_time FROM messages m
       WHERE m.mid = ${mid} AND m.conversation_id = ${conversationId}::uuid AND m.direction = 'inbound'
    ), ctx AS (
      SELECT c.id, p.facebook_page_id, s.since, k.kind,
             CASE k.kind WHEN 'away' THEN p.away_reply_text ELSE p.instant_reply_text END AS text
        FROM trigger t
        JOIN conversations c ON c.id = ${conversationId}::uuid
        JOIN pages p ON p.id = c.page_id
        JOIN companies co ON co.id = p.company_id
        CROSS JOIN LATERAL (SELECT LEAST(${at}, t.created_time) - make_interval(hours => p.auto_reply_every_hours) AS since) s
        CROSS JOIN LATERAL (SELECT CASE
          WHEN p.away_reply_on AND co.business_hours IS NOT NULL
               AND business_seconds(co.timezone, co.business_hours, ${at}, ${at} + interval '1 second') = 0 THEN 'away'
          WHEN p.instant_reply_on AND NOT EXISTS (
                 SELECT 1 FROM messages e
                  WHERE e.conversation_id = c.id AND e.direction = 'inbound'
                    AND e.created_time <= t.created_time AND (e.created_time, e.id) < (t.created_time, t.id)) THEN 'instant'
        END AS kind) k
       WHERE k.kind IS NOT NULL
         AND c.last_inbound_at > ${at} - interval '24 hours' AND t.created_time > ${at} - interval '24 hours'
         AND (c.auto_reply_at IS NULL OR c.auto_reply_at < s.since)
         AND (c.thread_owner IS NULL OR c.thread_owner = 'app')
         AND p.token_status <> 'needs_token' AND p.policy_state IS DISTINCT FROM 'blocked'
         -- an agent's reply (pending ones too) or the Page Inbox's, since N hours before the message
         AND NOT EXISTS (SELECT 1 FROM messages a WHERE a.conversation_id = c.id AND a.created_time > s.since AND a.answers_customer)
    ), gate AS (
      UPDATE conversations SET auto_reply_at = ${at}, ${summarySet({ at: now, text: chosenText, isImage: false, inbound: false, answers: false })}
        FROM ctx WHERE conversations.id = ctx.id AND (conversations.auto_reply_at IS NULL OR conversations.auto_reply_at < ctx.since)
      RETURNING ${summaryColumns}, ctx.kind, ctx.text AS reply_text, ctx.facebook_page_id
    ), inserted AS (
      INSERT INTO messages (id, conversation_id, mid, direction, sender_id, text, attachments, is_image, is_echo, send_status, created_time, created_at,
                            kind, answers_customer, automatic)
      SELECT ${newId}, gate.id, NULL, 'outbound', gate.facebook_page_id, gate.reply_text, '[]'::jsonb, false, false, 'pending', ${at}, ${UNCLAIMED_AT},
             'text', false, gate.kind
        FROM gate
      RETURNING *
    )
    SELECT ${messageColumns("i")},
           g.channel, g.is_important, g.is_spam, g.unread_count, g.last_message_text, g.last_message_is_image, g.last_message_at, g.last_inbound_at,
           g.status, g.snoozed_until, g.response_due_at, g.first_reply_due, g.tags, g.assignee
      FROM inserted i JOIN gate g ON g.id = i.conversation_id`);
};

/** What the Send API call of a claimed automatic reply needs. */
export type ClaimedAutoReply = {
  id: string;
  conversationId: string;
  text: string;
  lastInboundAt: Date | null;
  psid: string;
  pageId: string;
  facebookPageId: string;
  accessTokenEnc: string;
};

/** The claim: one sender, once, may call the Send API for this row. No row: sent, taken, or not an automatic reply. */
export const claimAutoReplySql = (messageId: string) => prepared("auto-reply-claim", sql<ClaimedAutoReply>`
    WITH claimed AS (
      UPDATE messages SET created_at = now()
       WHERE id = ${messageId}::uuid AND automatic IS NOT NULL AND mid IS NULL AND send_status = 'pending' AND created_at = ${UNCLAIMED_AT}
      RETURNING id, conversation_id, text
    )
    SELECT m.id, m.conversation_id AS "conversationId", m.text, c.last_inbound_at AS "lastInboundAt", u.psid,
           p.id AS "pageId", p.facebook_page_id AS "facebookPageId", p.access_token_enc AS "accessTokenEnc"
      FROM claimed m JOIN conversations c ON c.id = m.conversation_id JOIN customers u ON u.id = c.customer_id JOIN pages p ON p.id = c.page_id`);

/**
 * Automatic replies decided before `cutoff` and never claimed: their worker stopped between the decision
 * and the Send API call. `mid IS NULL` is served by the mid index, where the few rows without a Meta id sit.
 */
export const unclaimedAutoRepliesSql = (cutoff: Date, limit: number) => sql<{ id: string }>`
    SELECT id FROM messages
     WHERE mid IS NULL AND send_status = 'pending' AND automatic IS NOT NULL AND created_at = ${UNCLAIMED_AT} AND created_time < ${cutoff}::timestamptz
     ORDER BY created_time LIMIT ${limit}`;

export type AutomaticReplyCountRow = { page_id: string; channel: string; kind: AutoReplyKind; n: number };

/**
 * The automatic replies sent (Meta took them: sent, delivered or read) in [from, to) on these Pages, per
 * Page, channel and kind, for the reports (§13.1: counted apart from the people's replies). Per Page, a
 * range of the partial index messages_automatic_idx (page_id, created_time) WHERE automatic IS NOT NULL:
 * it holds only the automatic replies, so the read is O(those of the range), never the Pages' messages.
 */
export const automaticReplyCountsSql = (s: { pageIds: string[]; from: Date; to: Date; label: string | null }) => sql<AutomaticReplyCountRow>`
    SELECT m.page_id::text AS page_id, cv.channel::text AS channel, m.automatic AS kind, count(*)::int AS n
      FROM unnest(${s.pageIds}::uuid[]) AS p(id)
      JOIN messages m ON m.page_id = p.id AND m.automatic IS NOT NULL AND m.created_time >= ${s.from} AND m.created_time < ${s.to}
      JOIN conversations cv ON cv.id = m.conversation_id
     WHERE m.send_status IN ('sent', 'delivered', 'read')
       AND (${s.label}::text IS NULL OR EXISTS (SELECT 1 FROM customer_tags t WHERE t.conversation_id = m.conversation_id AND t.name = ${s.label}::text))
     GROUP BY m.page_id, cv.channel, m.automatic`;
