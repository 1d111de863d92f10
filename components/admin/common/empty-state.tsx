import type { ReactNode } from "react";

/** A friendly empty list: a message and an optional action. */
export function EmptyState({ icon, title, children }: { icon?: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      {icon && <span className="flex size-11 items-center justify-center rounded-full bg-slate-100 text-slate-500">{icon}</span>}
      <p className="text-sm font-medium text-slate-700">{title}</p>
      {children}
    </div>
  );
}
