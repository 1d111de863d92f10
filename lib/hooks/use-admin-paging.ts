"use client";

import { useState } from "react";
import { clampPage, DEFAULT_PAGE_SIZE, pageSlice, totalPages } from "@/lib/admin/pagination";

/**
 * Browser-side paging for a filtered list (PRODUCT §4 Pagination): the page is clamped to 1…total at render
 * (a list that shrank under it shows its last page), and `reset` returns to page 1 — call it when the
 * search, filter or page size changes.
 */
export function useAdminPaging<T>(items: readonly T[], initialSize: number = DEFAULT_PAGE_SIZE) {
  const [requested, setPage] = useState(1);
  const [pageSize, setSize] = useState(initialSize);
  const pages = totalPages(items.length, pageSize);
  const page = clampPage(requested, pages);

  return {
    page,
    pageSize,
    pages,
    visible: pageSlice(items, page, pageSize),
    setPage: (next: number) => setPage(clampPage(next, pages)),
    setPageSize: (size: number) => {
      setSize(size);
      setPage(1);
    },
    reset: () => setPage(1),
  };
}
