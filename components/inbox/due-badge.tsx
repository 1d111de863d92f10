"use client";

import { cn } from "@/lib/cn";
import { useNow } from "@/lib/hooks/use-now";
import { usePages } from "@/lib/hooks/use-pages";
import { dueState, targetOf } from "@/lib/inbox/response-due";

// Time left to the response target (docs/PRODUCT.md §13.3), on a list row and in the thread header: the words
// say it ("12 min left", "Overdue 5 min"), the colour repeats it — amber under a quarter of the target, red
// past it. The Page's targets come from the pages the inbox already holds (GET /api/pages/me).

const TONE = {
  ok: "bg-slate-100 text-slate-700 ring-slate-200",
  warn: "bg-amber-50 text-amber-800 ring-amber-300",
  over: "bg-red-50 text-red-700 ring-red-300",
} as const;

type Props = { dueAt: string | null | undefined; target: "first" | "next" | null | undefined; pageId: string; className?: string };

export function DueBadge({ dueAt, target, pageId, className }: Props) {
  const now = useNow(15_000);
  const { data } = usePages();
  if (!dueAt) return null;
  const targets = data?.pages.find((p) => p.id === pageId)?.response_targets;
  const state = dueState(dueAt, targetOf(targets, target), now);
  return (
    <span
      data-due={state.tone}
      title={`${target === "first" ? "First response" : "Next response"} target: ${state.text}`}
      className={cn("inline-flex shrink-0 items-center rounded px-1.5 text-[11px] leading-[18px] font-medium whitespace-nowrap tabular-nums ring-1 ring-inset", TONE[state.tone], className)}
    >
      {state.text}
    </span>
  );
}
