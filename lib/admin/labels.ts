import { roleLabel } from "@/lib/roles";

/** 'company_admin' → 'Company Admin', for option lists and headings. */
export function roleTitle(role: string): string {
  return roleLabel(role).replace(/\b\w/g, (c) => c.toUpperCase());
}
