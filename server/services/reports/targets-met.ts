import { db } from "@/server/db";
import { rows } from "@/server/db/sql/run";
import { targetsMetSql, type TargetMetRow } from "@/server/db/sql/response-targets";
import type { MetFigure, TargetRow, TargetsReport } from "@/lib/contract/reports-api";

// The Reports screen's "Response targets met" (docs/PRODUCT.md §13.3): each measured reply and first response
// against the company's target as it is now (the rollup rows keep the seconds, not the target of the day).

const CHANNEL_NAME: Record<string, string> = { messenger: "Messenger", instagram: "Instagram" };

type Scope = { companyId: string; pageIds: string[]; pages: { id: string; name: string }[]; from: Date; to: Date; agentId: string | null; label: string | null };

export async function targetsMet(scope: Scope, agentNames: Map<string, string>, pageInboxName: string): Promise<TargetsReport | null> {
  const company = await db.company.findUniqueOrThrow({ where: { id: scope.companyId }, select: { firstResponseTargetMinutes: true, nextResponseTargetMinutes: true } });
  const first = company.firstResponseTargetMinutes;
  const next = company.nextResponseTargetMinutes;
  if (first === null && next === null) return null;
  const found = scope.pageIds.length ? await rows(targetsMetSql(scope)) : [];
  const figure = (dim: TargetMetRow["dim"], key: string | null, kind: TargetMetRow["kind"]): MetFigure => {
    const row = found.find((r) => r.dim === dim && r.key === key && r.kind === kind);
    return { count: row?.n ?? 0, met: row?.met ?? 0 };
  };
  const pageNames = new Map(scope.pages.map((p) => [p.id, p.name]));
  const nameOf = (dim: TargetRow["kind"], key: string | null) =>
    dim === "agent" ? (key === null ? pageInboxName : (agentNames.get(key) ?? "Former agent")) : dim === "page" ? (pageNames.get(key ?? "") ?? "Page") : (CHANNEL_NAME[key ?? ""] ?? String(key));
  const keys = new Map<string, { dim: TargetRow["kind"]; key: string | null }>();
  for (const r of found) if (r.dim !== "all") keys.set(`${r.dim}:${r.key}`, { dim: r.dim, key: r.key });
  const order: TargetRow["kind"][] = ["agent", "page", "channel"];
  const out = [...keys.values()].map(({ dim, key }): TargetRow => ({ kind: dim, id: key, name: nameOf(dim, key), firstResponse: figure(dim, key, "first_response"), reply: figure(dim, key, "reply") }));
  out.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind) || a.name.localeCompare(b.name));
  return { first, next, all: { firstResponse: figure("all", null, "first_response"), reply: figure("all", null, "reply") }, rows: out };
}
