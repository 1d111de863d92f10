import type { ReactNode } from "react";

/** The row above a browser-paged list: search (and filters) on the left, the page size on the right. */
export function ListToolbar({ children, trailing }: { children: ReactNode; trailing: ReactNode }) {
  return (
    <div className="mb-4 flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row">{children}</div>
      <div className="shrink-0">{trailing}</div>
    </div>
  );
}
