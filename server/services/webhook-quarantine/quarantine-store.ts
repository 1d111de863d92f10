import { directPool } from "@/server/db/direct";
import { storableRaw } from "@/server/integrations/meta/sanitize-json";

// Writes to webhook_quarantine: what was signed by Meta but could not be stored (a body) or processed (one
// messaging item). Only on failure paths, so the plain text message still costs one statement.

export type QuarantineEntry = { scope: "body" | "event"; raw: string; reason: string; facebookPageId: string | null; webhookEventId?: bigint | null };

/** Postgres errors about the data itself (class 22: data exception; 54: program limit, e.g. stack depth). Not outages. */
export function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === "string" && (code.startsWith("22") || code.startsWith("54"));
}

export async function quarantine(entries: QuarantineEntry[]): Promise<void> {
  if (!entries.length) return;
  await directPool().query(
    `INSERT INTO webhook_quarantine (scope, raw, reason, facebook_page_id, webhook_event_id)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[])`,
    [
      entries.map((e) => e.scope),
      entries.map((e) => storableRaw(e.raw)),
      entries.map((e) => storableRaw(e.reason).slice(0, 2000)),
      entries.map((e) => e.facebookPageId),
      entries.map((e) => e.webhookEventId?.toString() ?? null),
    ],
  );
}
