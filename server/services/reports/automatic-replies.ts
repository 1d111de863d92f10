import { rows } from "@/server/db/sql/run";
import { automaticReplyCountsSql } from "@/server/db/sql/auto-replies";
import type { AutomaticRepliesReport, AutomaticReplyRow } from "@/lib/contract/reports-api";

// The Reports screen's automatic replies (docs/PRODUCT.md §13.1, "counted apart"): the Page answered by
// itself, so they are neither a person's reply in the response figures nor an agent's row; they are counted
// here, instant and away apart, per Page and channel.

type Scope = { pageIds: string[]; pages: { id: string; name: string }[]; from: Date; to: Date; agentId: string | null; label: string | null };

export async function automaticReplies(scope: Scope): Promise<AutomaticRepliesReport> {
  // An agent's report is that agent's work: the Page's own replies are not in it (as the Page Inbox's are not).
  const found = scope.pageIds.length && !scope.agentId ? await rows(automaticReplyCountsSql(scope)) : [];
  const names = new Map(scope.pages.map((p) => [p.id, p.name]));
  const byKey = new Map<string, AutomaticReplyRow>();
  for (const r of found) {
    const key = `${r.page_id}:${r.channel}`;
    const row = byKey.get(key) ?? { pageId: r.page_id, pageName: names.get(r.page_id) ?? "Page", channel: r.channel === "instagram" ? "instagram" : "messenger", instant: 0, away: 0 };
    row[r.kind] += r.n;
    byKey.set(key, row);
  }
  const out = [...byKey.values()].sort((a, b) => a.pageName.localeCompare(b.pageName) || a.pageId.localeCompare(b.pageId) || a.channel.localeCompare(b.channel));
  return { instant: out.reduce((n, r) => n + r.instant, 0), away: out.reduce((n, r) => n + r.away, 0), rows: out };
}
