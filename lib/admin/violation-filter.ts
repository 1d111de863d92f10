import type { NamedRef, ViolationRecord } from "@/lib/admin/types";

// PRODUCT §5 Searches: All Fields matches user name, page name, message and urls; User Only / Page Only match
// that name. PRODUCT §2: missing values read 'N/A', and a name falls back to the id.

export const VIOLATION_FILTERS = [
  { value: "all", label: "All Fields" },
  { value: "user", label: "User Only" },
  { value: "page", label: "Page Only" },
] as const;

export type ViolationFilter = (typeof VIOLATION_FILTERS)[number]["value"];

export const NOT_AVAILABLE = "N/A";

/** The name, else the id, else 'N/A'. */
export function refLabel(ref: NamedRef | undefined): string {
  const name = ref?.name?.trim();
  if (name) return name;
  return ref?._id || NOT_AVAILABLE;
}

export function isViolationFilter(value: string): value is ViolationFilter {
  return VIOLATION_FILTERS.some((f) => f.value === value);
}

export function filterViolations(records: readonly ViolationRecord[], search: string, filter: ViolationFilter): ViolationRecord[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...records];
  const has = (text: string | null | undefined) => (text ?? "").toLowerCase().includes(needle);
  return records.filter((record) => {
    const user = has(refLabel(record.user));
    const page = has(refLabel(record.page));
    if (filter === "user") return user;
    if (filter === "page") return page;
    return user || page || has(record.message) || record.urls.some(has);
  });
}
