import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { firstRow, rows } from "@/server/db/sql/run";
import { localMidnight, reportGroups, type GroupRow } from "@/server/db/sql/response-events";
import { commentFigures, type CommentFigureRow } from "@/server/db/sql/comments";
import type { TResponseReportQuery } from "@/lib/schemas/reports";
import type { CommentFigure, Figure, ReportAgent, ReportDay, ResponseReport } from "@/lib/contract/reports-api";
import { visiblePagesWhere } from "@/server/access/pages";
import { checkAgent, reportScope } from "@/server/services/reports/report-scope";
import { targetsMet } from "@/server/services/reports/targets-met";
import { automaticReplies } from "@/server/services/reports/automatic-replies";
import { rolesWith } from "@/lib/access/roles";

export const PAGE_INBOX_NAME = "Page Inbox";

/**
 * GET /api/reports/responses — the response metrics of docs/PRODUCT.md §11 for the local days from–to of the
 * company's zone, cut by page, agent and label: one statement over the rollup rows (never the messages),
 * then the days filled in and the agents named.
 */
export async function responseReport(actor: Actor, query: TResponseReportQuery): Promise<ResponseReport> {
  const scope = await reportScope(actor, query.pageId);
  const agentId = await checkAgent(scope.companyId, query.agentId);
  const [from, to] = await Promise.all([localMidnight(query.from, scope.timezone), localMidnight(nextDay(query.to), scope.timezone)].map((q) => firstRow(q)));
  const pageIds = scope.pages.map((p) => p.id);
  const [groups, comments, automatic] = await Promise.all([
    pageIds.length ? rows(reportGroups({ companyId: scope.companyId, pageIds, from: from!.at, to: to!.at, timezone: scope.timezone, agentId, label: query.label ?? null })) : [],
    pageIds.length ? rows(commentFigures({ companyId: scope.companyId, pageIds, from: from!.at, to: to!.at })) : [],
    automaticReplies({ pageIds, pages: scope.pages, from: from!.at, to: to!.at, agentId, label: query.label ?? null }),
  ]);
  const [agents, labels] = await Promise.all([
    db.user.findMany({ where: { companyId: scope.companyId, role: { in: rolesWith("agent") } }, orderBy: [{ name: "asc" }, { id: "asc" }], select: { id: true, name: true } }),
    db.label.findMany({ where: { page: visiblePagesWhere(actor) }, distinct: ["name"], orderBy: { name: "asc" }, select: { name: true } }),
  ]);
  return {
    from: query.from,
    to: query.to,
    timezone: scope.timezone,
    totals: totalsOf(groups.filter((g) => g.grouping === 3)),
    days: daysOf(query.from, query.to, groups.filter((g) => g.grouping === 1)),
    agents: agentsOf(groups.filter((g) => g.grouping === 2), new Map(agents.map((a) => [a.id, a.name]))),
    comments: comments.map(commentFigure),
    automaticReplies: automatic,
    targets: await targetsMet({ companyId: scope.companyId, pageIds, pages: scope.pages, from: from!.at, to: to!.at, agentId, label: query.label ?? null }, new Map(agents.map((a) => [a.id, a.name])), PAGE_INBOX_NAME),
    choices: { pages: scope.pages.map((p) => ({ _id: p.id, name: p.name })), agents: agents.map((a) => ({ _id: a.id, name: a.name })), labels: labels.map((l) => l.name.toLowerCase()) },
  };
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

const figure = (row: GroupRow | undefined): Figure => ({ count: row?.n ?? 0, median: row?.median ?? null, p90: row?.p90 ?? null });

const commentFigure = (row: CommentFigureRow): CommentFigure => ({
  kind: row.channel === "instagram" ? "ig_comment" : "fb_comment",
  received: row.received,
  answered: row.answered,
  answer: { count: row.answered, median: row.median, p90: row.p90 },
});

/** Answered bursts of all that ended: replies / (replies + bursts closed unanswered). */
function rate(replies: number, unanswered: number): number | null {
  return replies + unanswered ? replies / (replies + unanswered) : null;
}

function totalsOf(all: GroupRow[]): ResponseReport["totals"] {
  const of = (kind: string) => all.find((g) => g.kind === kind);
  const replies = of("reply")?.n ?? 0;
  const unanswered = of("unanswered")?.n ?? 0;
  return {
    opened: of("opened")?.n ?? 0,
    done: of("done")?.n ?? 0,
    unanswered,
    responseRate: rate(replies, unanswered),
    firstResponse: figure(of("first_response")),
    reply: figure(of("reply")),
    resolution: figure(of("done")),
  };
}

/** Every day of the range, also the quiet ones, so a chart's axis has no gaps. */
function daysOf(from: string, to: string, byDay: GroupRow[]): ReportDay[] {
  const days: ReportDay[] = [];
  for (let day = from; day <= to; day = nextDay(day)) {
    const of = (kind: string) => byDay.find((g) => g.day === day && g.kind === kind);
    days.push({
      day,
      opened: of("opened")?.n ?? 0,
      done: of("done")?.n ?? 0,
      firstResponseMedian: of("first_response")?.median ?? null,
      replyMedian: of("reply")?.median ?? null,
      resolutionMedian: of("done")?.median ?? null,
      responseRate: rate(of("reply")?.n ?? 0, of("unanswered")?.n ?? 0),
    });
  }
  return days;
}

/** One row per person who replied or marked done; the Page Inbox's replies under its own name. Busiest first. */
function agentsOf(byAgent: GroupRow[], names: Map<string, string>): ReportAgent[] {
  const ids = [...new Set(byAgent.filter((g) => g.kind !== "opened").map((g) => g.agent_id))];
  return ids
    .map((agentId) => {
      const of = (kind: string) => byAgent.find((g) => g.agent_id === agentId && g.kind === kind);
      return {
        agentId,
        name: agentId ? (names.get(agentId) ?? "Former agent") : PAGE_INBOX_NAME,
        replies: of("reply")?.n ?? 0,
        replyMedian: of("reply")?.median ?? null,
        firstResponses: of("first_response")?.n ?? 0,
        firstResponseMedian: of("first_response")?.median ?? null,
        done: of("done")?.n ?? 0,
      };
    })
    .sort((a, b) => b.replies - a.replies || a.name.localeCompare(b.name));
}
