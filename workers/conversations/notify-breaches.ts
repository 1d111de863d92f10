import { rows } from "@/server/db/sql/run";
import { claimBreachesSql, type BreachRow } from "@/server/db/sql/response-targets";
import { sendResponseBreachMail } from "@/server/integrations/mail/mailer";
import { logger } from "@/server/observability/log";
import { alertedEmails } from "@/server/services/pages/mail-page-admins";

/** Conversations claimed per statement; the sweep repeats until none is left. */
const BATCH = 200;

/**
 * How far back a missed due time is still e-mailed: a sweep runs every minute, so an hour covers a worker that
 * was down for a while, and a company that sets a target for the first time is not sent its whole backlog.
 */
export const BREACH_LOOKBACK_MINUTES = 60;

/**
 * Response targets' breach e-mails (docs/PRODUCT.md §13.3), run every minute (workers/jobs/breach-email.ts):
 * the open conversations that went past their due time are marked (breach_notified_at) by the statement that
 * finds them, then each company's admins get one e-mail listing its conversations. Marked before sending:
 * a failed send is logged, not retried, so nobody is e-mailed twice for one miss.
 */
export async function notifyBreaches(now = new Date()): Promise<number> {
  let notified = 0;
  for (;;) {
    const claimed = await rows(claimBreachesSql(now, BREACH_LOOKBACK_MINUTES, BATCH));
    if (!claimed.length) return notified;
    notified += claimed.length;
    const byCompany = new Map<string, BreachRow[]>();
    for (const row of claimed) byCompany.set(row.company_id, [...(byCompany.get(row.company_id) ?? []), row]);
    for (const [companyId, breaches] of byCompany) {
      const list = breaches.map((b) => ({ customerName: b.customer_name, pageName: b.page_name, dueAt: b.response_due_at, first: b.first_reply_due }));
      await sendResponseBreachMail(await alertedEmails(companyId), list).catch((error: Error) => logger().error({ companyId, err: error.message }, "response target e-mail failed"));
    }
    if (claimed.length < BATCH) return notified;
  }
}
