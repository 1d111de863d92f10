import type { ButtonHTMLAttributes, Ref } from "react";
import { cn } from "@/lib/cn";
import { tagCountLabel } from "@/lib/inbox/filters";
import { ChevronDownIcon } from "@/components/ui/icons";
import { TagIcon } from "@/components/ui/icons";

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { count: number; ref?: Ref<HTMLButtonElement> };

/** The 'Filter by tags' button ('N tag(s) selected' once some are chosen). */
export function TagFilterTrigger({ count, className, ...props }: Props) {
  return (
    <button
      type="button"
      {...props}
      className={cn(
        "flex h-9 w-full items-center gap-2 rounded-lg border px-3 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600",
        count ? "border-indigo-200 bg-indigo-50 text-indigo-800" : "border-slate-200 bg-white text-slate-600 hover:bg-slate-50",
        className,
      )}
    >
      <TagIcon className="size-4 shrink-0" />
      <span className="min-w-0 flex-1 truncate text-left">{count ? tagCountLabel(count) : "Filter by tags"}</span>
      <ChevronDownIcon className="size-4 shrink-0 opacity-60" />
    </button>
  );
}
