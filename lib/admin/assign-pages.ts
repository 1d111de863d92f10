// The Assign Pages modal's selection logic (PRODUCT §2 Assign Pages modal, §4 Assign Pages).

export type PageOption = { _id: string; name: string; page_id?: string };

/** True when both lists hold the same ids, in any order (then nothing is sent). */
export function sameSelection(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
}

/** The company pages not yet selected whose name (or Facebook page id) contains the search. */
export function availablePages<T extends PageOption>(pages: readonly T[], selected: readonly string[], search: string): T[] {
  const chosen = new Set(selected);
  const needle = search.trim().toLowerCase();
  return pages.filter(
    (page) => !chosen.has(page._id) && (!needle || page.name.toLowerCase().includes(needle) || (page.page_id ?? "").includes(needle)),
  );
}

export type AvailableEmptyState = "loading" | "none" | "all-assigned" | "no-match" | null;

/** Which empty state the list of pages to add shows, if any. */
export function availableEmptyState(args: { loading: boolean; total: number; available: number; search: string }): AvailableEmptyState {
  if (args.loading) return "loading";
  if (args.total === 0) return "none";
  if (args.available > 0) return null;
  return args.search.trim() ? "no-match" : "all-assigned";
}

/** The submit button's text: 'Assign (N) Pages'. */
export function assignButtonText(count: number): string {
  return `Assign (${count}) Pages`;
}
