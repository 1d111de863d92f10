// Paging rules shared by the admin lists (PRODUCT §4 Pagination, §9 page sizes): a window of the current page
// ±2 plus the first and last pages with ellipses, pages clamped to 1…total, and the 'Showing X to Y of Z' line.

export const PAGE_SIZES = [5, 10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_WINDOW_RADIUS = 2;

export type PagerItem = number | "ellipsis-start" | "ellipsis-end";

/** Pages needed for `total` items (at least 1, so an empty list still has page 1). */
export function totalPages(total: number, pageSize: number): number {
  if (!Number.isFinite(total) || total <= 0 || pageSize <= 0) return 1;
  return Math.ceil(total / pageSize);
}

/** `page` kept between 1 and `pages` (PRODUCT §4: clamped); anything not a number is page 1. */
export function clampPage(page: number, pages: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, pages));
}

/** The pager's buttons: first, an ellipsis, current ±radius, an ellipsis, last (each ellipsis only over a gap). */
export function pageWindow(current: number, pages: number, radius: number = PAGE_WINDOW_RADIUS): PagerItem[] {
  const last = Math.max(1, pages);
  const page = clampPage(current, last);
  const start = Math.max(1, page - radius);
  const end = Math.min(last, page + radius);
  const items: PagerItem[] = [];
  if (start > 1) items.push(1);
  if (start > 2) items.push("ellipsis-start");
  for (let n = start; n <= end; n += 1) items.push(n);
  if (end < last - 1) items.push("ellipsis-end");
  if (end < last) items.push(last);
  return items;
}

/** 1-based positions of the first and last item on `page` (0 and 0 for an empty list). */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const current = clampPage(page, totalPages(total, pageSize));
  return { from: (current - 1) * pageSize + 1, to: Math.min(current * pageSize, total) };
}

/** 'Showing 1 to 10 of 23 patterns' (PRODUCT §2). */
export function showingText(page: number, pageSize: number, total: number, noun: string): string {
  const { from, to } = pageRange(page, pageSize, total);
  return `Showing ${from} to ${to} of ${total} ${noun}`;
}

/** The items on `page` of a list paged in the browser. */
export function pageSlice<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const current = clampPage(page, totalPages(items.length, pageSize));
  return items.slice((current - 1) * pageSize, current * pageSize);
}

/** A page-size choice from a select's value; anything not offered falls back to the default. */
export function parsePageSize(value: string | number): number {
  const size = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
}
