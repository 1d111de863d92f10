"use client";

import { labelColorClasses } from "@/components/inbox/panel/label-colors";
import { XIcon } from "@/components/ui/icons";
import { cn } from "@/lib/cn";
import { useTagName } from "@/components/inbox/tag-names";

/** An assigned tag as a coloured chip with an × that removes it. */
export function TagChip({ tag, color, removing, onRemove }: { tag: string; color: string; removing: boolean; onRemove: () => void }) {
  const label = useTagName()(tag);
  return (
    <li className={cn("inline-flex max-w-full items-center gap-1 rounded-full py-0.5 pr-1 pl-2.5 text-xs font-medium ring-1 ring-inset", labelColorClasses(color).chip)}>
      <span className="truncate">{label}</span>
      <button
        type="button"
        onClick={onRemove}
        disabled={removing}
        aria-label={`Remove label ${label}`}
        className="flex size-5 shrink-0 items-center justify-center rounded-full opacity-70 hover:bg-black/10 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current disabled:cursor-wait disabled:opacity-40"
      >
        <XIcon className="size-3" />
      </button>
    </li>
  );
}
