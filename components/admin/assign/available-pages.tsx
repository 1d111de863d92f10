"use client";

import { SearchBox } from "@/components/admin/common/search-box";
import { FlagIcon, PlusIcon } from "@/components/ui/icons";
import { availableEmptyState, type PageOption } from "@/lib/admin/assign-pages";

function emptyText(state: ReturnType<typeof availableEmptyState>, search: string): string | null {
  switch (state) {
    case "loading":
      return "Loading pages...";
    case "none":
      return "No pages available";
    case "all-assigned":
      return "All pages are already assigned";
    case "no-match":
      return `No pages found matching "${search.trim()}"`;
    default:
      return null;
  }
}

/** 'Search pages...' over the company pages not yet selected; a click adds one to the selection. */
export function AvailablePages({
  pages,
  total,
  loading,
  search,
  onSearch,
  onAdd,
  disabled,
}: {
  pages: PageOption[];
  total: number;
  loading: boolean;
  search: string;
  onSearch(value: string): void;
  onAdd(pageId: string): void;
  disabled: boolean;
}) {
  const empty = emptyText(availableEmptyState({ loading, total, available: pages.length, search }), search);
  return (
    <section aria-label="Available pages" className="space-y-2">
      <SearchBox value={search} onChange={onSearch} placeholder="Search pages..." label="Search pages" />
      <div className="max-h-56 overflow-y-auto rounded-lg border border-slate-200">
        {empty ? (
          <p className="px-4 py-6 text-center text-sm text-slate-500">{empty}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {pages.map((page) => (
              <li key={page._id}>
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => onAdd(page._id)}
                  className="flex w-full items-center gap-3 px-3 py-2.5 text-left text-sm hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none disabled:opacity-50"
                >
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-600">
                    <FlagIcon className="size-4" />
                  </span>
                  {/* "Add" in text, not an aria-label: the accessible name must contain what is visible (axe
                      label-content-name-mismatch), and "Add Acme Shoes ID 123" still says what the click does. */}
                  <span className="min-w-0 flex-1">
                    <span className="sr-only">Add </span>
                    <span className="block truncate font-medium text-slate-800">{page.name}</span>
                    {page.page_id && <span className="block truncate text-xs text-slate-500">ID {page.page_id}</span>}
                  </span>
                  <PlusIcon className="size-4 shrink-0 text-slate-400" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
