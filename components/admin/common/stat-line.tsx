import type { ReactNode } from "react";

/** The muted one-liner under a list: 'Showing 1 to 10 of 23 users' and friends. */
export function StatLine({ children }: { children: ReactNode }) {
  return (
    <p aria-live="polite" className="text-sm text-slate-600">
      {children}
    </p>
  );
}
