"use client";

import { useId } from "react";
import { Select } from "@/components/admin/common/select";
import { PAGE_SIZES, parsePageSize } from "@/lib/admin/pagination";

/** 'Show [10] per page' (PRODUCT §9: 5, 10, 25, 50, 100). */
export function PageSizeSelect({ value, onChange }: { value: number; onChange(size: number): void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm text-slate-600">
      <label htmlFor={id} className="whitespace-nowrap">
        Show
      </label>
      <Select id={id} value={value} onChange={(e) => onChange(parsePageSize(e.target.value))} className="w-20">
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </Select>
      <span className="whitespace-nowrap">per page</span>
    </div>
  );
}
