"use client";

import { createContext, useCallback, useContext, type ReactNode } from "react";
import { LABELS_FRESH_MS, useLabels } from "@/lib/hooks/use-labels";
import { tagDisplayName } from "@/lib/inbox/tag-display";

// The open page's labels for showing tags by their label's name (lib/inbox/tag-display.ts). One SWR key
// with the tag filter's, so no extra request.

const TagNames = createContext<(tag: string) => string>((tag) => tag);

export function TagNamesProvider({ pageId, children }: { pageId: string | null; children: ReactNode }) {
  const { data } = useLabels(pageId, LABELS_FRESH_MS.filter);
  const name = useCallback((tag: string) => tagDisplayName(tag, data), [data]);
  return <TagNames.Provider value={name}>{children}</TagNames.Provider>;
}

export function useTagName(): (tag: string) => string {
  return useContext(TagNames);
}
