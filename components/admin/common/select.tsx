import type { Ref, SelectHTMLAttributes } from "react";
import { ChevronDownIcon } from "@/components/ui/icons";
import { cn } from "@/lib/cn";

/** A native select styled like the inputs (native so phones get their own picker). */
export function Select({
  className,
  invalid,
  children,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { invalid?: boolean; ref?: Ref<HTMLSelectElement> }) {
  return (
    <span className={cn("relative block min-w-0", className)}>
      <select
        aria-invalid={invalid || undefined}
        className={cn(
          "block h-11 w-full min-w-0 appearance-none rounded-lg border bg-white py-0 pr-9 pl-3.5 text-base text-slate-900 shadow-xs sm:h-10 sm:text-sm",
          "focus:ring-4 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500",
          invalid ? "border-red-400 focus:border-red-500 focus:ring-red-500/15" : "border-slate-300 focus:border-indigo-500 focus:ring-indigo-500/15",
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-400" />
    </span>
  );
}
