import type { ComponentType } from "react";
import type { IconProps } from "@/components/ui/icons";
import { cn } from "@/lib/cn";

const TONES = {
  indigo: "bg-indigo-50 text-indigo-600",
  amber: "bg-amber-50 text-amber-600",
  red: "bg-red-50 text-red-600",
} as const;

/** One dashboard count: a label, the number (or a placeholder while loading), an icon, and its split by channel. */
export function StatCard({ label, value, icon: Icon, tone, detail }: { label: string; value: number | null; icon: ComponentType<IconProps>; tone: keyof typeof TONES; detail?: string }) {
  return (
    <div role="group" aria-label={label} className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <span className={cn("flex size-12 shrink-0 items-center justify-center rounded-xl", TONES[tone])}>
        <Icon className="size-6" />
      </span>
      <div className="min-w-0">
        <p aria-hidden="true" className="text-sm font-medium text-slate-500">
          {label}
        </p>
        {value === null ? (
          <span className="mt-1 block h-8 w-16 animate-pulse rounded bg-slate-100" />
        ) : (
          <p data-stat-value className="mt-0.5 text-3xl font-semibold tracking-tight text-slate-900 tabular-nums">
            {value.toLocaleString("en-US")}
          </p>
        )}
        {detail && <p className="mt-0.5 text-xs text-slate-500 tabular-nums">{detail}</p>}
      </div>
    </div>
  );
}
