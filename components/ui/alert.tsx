import type { ReactNode } from "react";
import { ShieldAlertIcon } from "@/components/ui/icons";

/** An inline error message, announced when it appears. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="flex items-start gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-700">
      <ShieldAlertIcon className="mt-px size-4 shrink-0" />
      <div className="min-w-0 break-words">{children}</div>
    </div>
  );
}
