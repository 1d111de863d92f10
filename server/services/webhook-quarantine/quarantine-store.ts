import { affected } from "@/server/db/sql/run";
import { quarantineSql } from "@/server/db/sql/webhook-events";
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
  const rows = entries.map((e) => ({
    scope: e.scope,
    raw: storableRaw(e.raw),
    reason: storableRaw(e.reason).slice(0, 2000),
    facebookPageId: e.facebookPageId,
    webhookEventId: e.webhookEventId?.toString() ?? null,
  }));
  await affected(quarantineSql(rows));
}
