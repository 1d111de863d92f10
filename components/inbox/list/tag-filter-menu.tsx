"use client";

import { useMemo, useState } from "react";
import * as Popover from "@radix-ui/react-popover";
import { cn } from "@/lib/cn";
import { LABELS_FRESH_MS, useLabels } from "@/lib/hooks/use-labels";
import { TEXTS } from "@/lib/inbox/constants";
import { tagCountLabel } from "@/lib/inbox/filters";
import { tagSwatchClass } from "@/lib/inbox/tag-colors";
import { CheckIcon } from "@/components/ui/icons";
import { TagFilterTrigger } from "@/components/inbox/list/tag-filter-trigger";

type Props = { pageId: string; selected: string[]; onChange: (tags: string[]) => void };

/**
 * 'Filter by tags' (PRODUCT §2): a multi-select of the page's labels with an inner search and Clear all. Loaded
 * on first use (see tag-filter.tsx), so its popover code is not part of the first load.
 */
export function TagFilterMenu({ pageId, selected, onChange }: Props) {
  const [open, setOpen] = useState(true);
  const [query, setQuery] = useState("");
  const { data: labels, isLoading } = useLabels(pageId, LABELS_FRESH_MS.filter);
  const chosen = useMemo(() => new Set(selected.map((t) => t.toLowerCase())), [selected]);
  const visible = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (labels ?? []).filter((l) => !q || l.name.toLowerCase().includes(q));
  }, [labels, query]);

  function toggle(name: string) {
    const key = name.toLowerCase();
    onChange(chosen.has(key) ? selected.filter((t) => t.toLowerCase() !== key) : [...selected, key]);
  }

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setQuery("");
      }}
    >
      <Popover.Trigger asChild>
        <TagFilterTrigger count={selected.length} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="start" sideOffset={6} className="z-50 w-[var(--radix-popover-trigger-width)] min-w-64 animate-pop-in rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
          <input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search tags..."
            aria-label="Search tags"
            className="h-9 w-full rounded-md border border-slate-200 px-2.5 text-base focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none sm:text-sm"
          />
          <div className="mt-2 flex items-center justify-between px-1 text-xs text-slate-500">
            <span>{tagCountLabel(selected.length)}</span>
            <button type="button" disabled={!selected.length} onClick={() => onChange([])} className="font-medium text-indigo-600 hover:underline disabled:text-slate-300 disabled:no-underline">
              Clear all
            </button>
          </div>
          <ul aria-label="Tags" className="mt-1 max-h-64 overflow-y-auto">
            {isLoading && !labels ? (
              <li className="px-2 py-3 text-center text-sm text-slate-500">Loading tags...</li>
            ) : !labels?.length ? (
              <li className="px-2 py-3 text-center text-sm text-slate-500">{TEXTS.noTags}</li>
            ) : !visible.length ? (
              <li className="px-2 py-3 text-center text-sm text-slate-500">{TEXTS.noTagsFound}</li>
            ) : (
              visible.map((label) => {
                const isOn = chosen.has(label.name.toLowerCase());
                return (
                  <li key={label._id}>
                    <button type="button" aria-pressed={isOn} onClick={() => toggle(label.name)} className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-50">
                      <span className={cn("flex size-4 shrink-0 items-center justify-center rounded border", isOn ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-300")}>
                        {isOn && <CheckIcon className="size-3" />}
                      </span>
                      <span className={cn("size-2.5 shrink-0 rounded-full", tagSwatchClass(label.color))} aria-hidden="true" />
                      <span className="min-w-0 truncate">{label.name}</span>
                    </button>
                  </li>
                );
              })
            )}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
