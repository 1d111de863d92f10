"use client";

import { SpinnerIcon } from "@/components/ui/spinner";
import { XIcon } from "@/components/ui/icons";

/** The selection as removable chips, with its count (PRODUCT §2 Assign Pages modal). */
export function AssignedChips({
  pages,
  onRemove,
  removing,
  disabled,
}: {
  pages: { _id: string; name: string }[];
  onRemove(pageId: string): void;
  removing: string | null;
  disabled: boolean;
}) {
  return (
    <section aria-labelledby="assigned-pages-heading">
      <h3 id="assigned-pages-heading" className="flex items-center gap-2 text-sm font-medium text-slate-700">
        Assigned pages
        <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-700" aria-label={`${pages.length} selected`}>
          {pages.length}
        </span>
      </h3>
      {pages.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No pages selected yet.</p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2">
          {pages.map((page) => (
            <li key={page._id} className="inline-flex max-w-full items-center gap-1 rounded-full bg-indigo-50 py-1 pr-1 pl-3 text-sm font-medium text-indigo-800 ring-1 ring-indigo-600/15 ring-inset">
              <span className="truncate">{page.name}</span>
              <button
                type="button"
                aria-label={`Remove ${page.name}`}
                disabled={disabled || removing !== null}
                onClick={() => onRemove(page._id)}
                className="flex size-6 shrink-0 items-center justify-center rounded-full text-indigo-500 hover:bg-indigo-100 hover:text-indigo-800 disabled:opacity-50"
              >
                {removing === page._id ? <SpinnerIcon className="size-3.5" /> : <XIcon className="size-3.5" />}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
