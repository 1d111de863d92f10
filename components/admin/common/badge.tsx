import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

const TONES = {
  slate: "bg-slate-100 text-slate-700 ring-slate-500/15",
  indigo: "bg-indigo-50 text-indigo-700 ring-indigo-600/15",
  green: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  red: "bg-red-50 text-red-700 ring-red-600/20",
  amber: "bg-amber-50 text-amber-800 ring-amber-600/20",
  blue: "bg-blue-50 text-blue-700 ring-blue-600/20",
} as const;

export type BadgeTone = keyof typeof TONES;

/** A small rounded label. With `tone={null}`, `className` brings its own colours (the whitelist type badges). */
export function Badge({ tone = "slate", className, title, children }: { tone?: BadgeTone | null; className?: string; title?: string; children: ReactNode }) {
  return (
    <span title={title} className={cn("inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset", tone && TONES[tone], className)}>
      {children}
    </span>
  );
}
