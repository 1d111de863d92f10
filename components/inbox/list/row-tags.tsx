"use client";

import { useState } from "react";
import { createPortal } from "react-dom";
import { cn } from "@/lib/cn";
import type { ConversationTag } from "@/lib/inbox/types";
import { tagChipClasses } from "@/lib/inbox/tag-colors";
import { useTagName } from "@/components/inbox/tag-names";

function Chip({ tag }: { tag: ConversationTag }) {
  const name = useTagName();
  return <span className={cn("inline-block max-w-[6.5rem] truncate rounded-full px-1.5 py-px text-[11px] leading-4 font-medium ring-1 ring-inset", tagChipClasses(tag.color))}>{name(tag.tag)}</span>;
}

/** The first two tags of a row, then '+N more' listing the rest on hover (and to screen readers) (PRODUCT §2). */
export function RowTags({ visible, hidden }: { visible: ConversationTag[]; hidden: ConversationTag[] }) {
  const name = useTagName();
  const [anchor, setAnchor] = useState<DOMRect | null>(null);
  if (!visible.length) return null;
  return (
    <span className="flex min-w-0 items-center gap-1 overflow-hidden">
      {visible.map((tag) => (
        <Chip key={tag.tag} tag={tag} />
      ))}
      {hidden.length > 0 && (
        <span
          className="shrink-0 cursor-default rounded-full bg-slate-100 px-1.5 py-px text-[11px] leading-4 font-medium text-slate-600"
          onMouseEnter={(e) => setAnchor(e.currentTarget.getBoundingClientRect())}
          onMouseLeave={() => setAnchor(null)}
        >
          +{hidden.length} more
          <span className="sr-only">: {hidden.map((t) => name(t.tag)).join(", ")}</span>
        </span>
      )}
      {anchor &&
        createPortal(
          <span role="tooltip" style={{ top: anchor.bottom + 6, left: Math.max(8, Math.min(anchor.left, window.innerWidth - 208)) }} className="pointer-events-none fixed z-50 flex w-max max-w-[200px] animate-pop-in flex-wrap gap-1 rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
            {hidden.map((tag) => (
              <Chip key={tag.tag} tag={tag} />
            ))}
          </span>,
          document.body,
        )}
    </span>
  );
}
