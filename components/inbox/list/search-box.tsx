"use client";

import type { Ref } from "react";
import { XIcon } from "@/components/ui/icons";
import { SearchIcon } from "@/components/inbox/inbox-icons";

/**
 * 'Search Messenger' (the conversations) or `label` (the comments' 'Search comments') with a clear button;
 * the screen debounces what it sends (PRODUCT §9: 500 ms).
 */
export function SearchBox({ value, onChange, inputRef, label = "Search Messenger", maxLength = 200 }: { value: string; onChange: (value: string) => void; inputRef?: Ref<HTMLInputElement>; label?: string; maxLength?: number }) {
  return (
    <div className="relative">
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <input
        ref={inputRef}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape" && value) {
            e.preventDefault();
            onChange("");
          }
        }}
        placeholder={label}
        aria-label={label}
        maxLength={maxLength}
        className="h-10 w-full rounded-lg border border-slate-200 bg-slate-50 pr-9 pl-9 text-base text-slate-900 placeholder:text-slate-500 focus:border-indigo-500 focus:bg-white focus:ring-4 focus:ring-indigo-500/15 focus:outline-none sm:text-sm [&::-webkit-search-cancel-button]:hidden"
      />
      {value && (
        <button type="button" onClick={() => onChange("")} aria-label="Clear search" className="absolute top-1/2 right-2 flex size-6 -translate-y-1/2 items-center justify-center rounded-md text-slate-400 hover:bg-slate-200 hover:text-slate-700">
          <XIcon className="size-3.5" />
        </button>
      )}
    </div>
  );
}
