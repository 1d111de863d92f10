"use client";

import { Button } from "@/components/ui/button";
import { CheckIcon } from "@/components/ui/icons";
import { labelColorClasses } from "@/components/inbox/panel/label-colors";
import { cn } from "@/lib/cn";
import { useLabels } from "@/lib/hooks/use-labels";
import { toggleTag } from "@/lib/offers/draft";

/**
 * Who gets the offer by label (PRODUCT §3 draft: tags and the exclude flag): the page's labels as toggles, and
 * whether the offer goes to people with them or to everyone except them.
 */
export function OfferLabelPicker({
  pageId,
  tags,
  exclude,
  disabled,
  onTagsChange,
  onExcludeChange,
}: {
  pageId: string;
  tags: string[];
  exclude: boolean;
  disabled?: boolean;
  onTagsChange: (tags: string[]) => void;
  onExcludeChange: (exclude: boolean) => void;
}) {
  const { data: labels, error, isLoading, mutate } = useLabels(pageId || null);
  const chosen = new Set(tags);
  const noLabels = Boolean(pageId && labels && labels.length === 0);

  return (
    <fieldset disabled={disabled} className="space-y-3">
      <legend className="text-sm font-medium text-slate-700">Audience</legend>

      {/* The rule means nothing on a page without labels. */}
      {!noLabels && (
        <div className="grid gap-2 sm:grid-cols-2" role="radiogroup" aria-label="Label rule">
          {[
            { value: false, text: "Send to people with these labels" },
            { value: true, text: "Send to everyone except people with these labels" },
          ].map((option) => (
            <label
              key={String(option.value)}
              className={cn(
                "flex min-w-0 cursor-pointer items-start gap-2.5 rounded-lg border px-3 py-2.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600",
                exclude === option.value ? "border-indigo-500 bg-indigo-50/70 text-indigo-900" : "border-slate-300 bg-white text-slate-700 hover:border-slate-400",
              )}
            >
              <input type="radio" name="offer-exclude" checked={exclude === option.value} onChange={() => onExcludeChange(option.value)} className="mt-0.5 size-4 shrink-0 accent-indigo-600" />
              <span className="min-w-0">{option.text}</span>
            </label>
          ))}
        </div>
      )}

      <div>
        <div className="flex items-center justify-between gap-2">
          <p id="offer-labels-heading" className="text-xs font-medium tracking-wide text-slate-500 uppercase">
            Labels {tags.length ? `· ${tags.length} selected` : ""}
          </p>
          {tags.length > 0 && (
            <button type="button" onClick={() => onTagsChange([])} className="text-xs font-medium text-indigo-600 hover:underline">
              Clear all
            </button>
          )}
        </div>
        {!pageId ? (
          <p className="mt-2 text-sm text-slate-500">Select a page to choose from its labels.</p>
        ) : isLoading && !labels ? (
          <p className="mt-2 text-sm text-slate-500" role="status">
            Loading labels...
          </p>
        ) : error ? (
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-red-600">
            Failed to load labels
            <Button size="sm" variant="secondary" onClick={() => void mutate()}>
              Try again
            </Button>
          </div>
        ) : !labels?.length ? (
          <p className="mt-2 text-sm text-slate-500">This page has no labels yet, so the offer goes to everyone on the page.</p>
        ) : (
          <ul aria-labelledby="offer-labels-heading" className="mt-2 flex flex-wrap gap-2">
            {labels.map((label) => {
              const on = chosen.has(label.name.toLowerCase());
              return (
                <li key={label._id} className="max-w-full">
                  <button
                    type="button"
                    aria-pressed={on}
                    onClick={() => onTagsChange(toggleTag(tags, label.name))}
                    className={cn(
                      "inline-flex max-w-full items-center gap-1.5 rounded-full py-1 pr-3 pl-2 text-sm font-medium ring-1 transition-colors ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600",
                      on ? labelColorClasses(label.color).chip : "bg-white text-slate-600 ring-slate-300 hover:bg-slate-50",
                    )}
                  >
                    <span className={cn("flex size-4 shrink-0 items-center justify-center rounded-full", on ? "bg-white/70" : labelColorClasses(label.color).swatch)}>
                      {on && <CheckIcon className="size-3" />}
                    </span>
                    <span className="truncate">{label.name}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {pageId && labels?.length ? (
          <p className="mt-2 text-xs text-slate-500">
            {tags.length === 0
              ? "No labels chosen: the offer goes to everyone on the page."
              : exclude
                ? "Everyone on the page except people with any of these labels."
                : "Only people with at least one of these labels."}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
